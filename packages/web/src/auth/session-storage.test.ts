import { describe, expect, it } from 'vitest';
import { createMemoryStore, createSessionStorage, STORAGE_KEYS } from './session-storage';

function openStorage() {
  const store = createMemoryStore();
  return { store, session: createSessionStorage(store) };
}

describe('session storage', () => {
  it('keeps the token until it is set to null', () => {
    const { session } = openStorage();
    session.setToken('abc');
    expect(session.getToken()).toBe('abc');
    session.setToken(null);
    expect(session.getToken()).toBeNull();
  });

  it('round-trips the current client and ignores a malformed stored value', () => {
    const { store, session } = openStorage();
    session.setCurrentClient({ id: 7, company: 'Acme Grain' });
    expect(session.getCurrentClient()).toEqual({ id: 7, company: 'Acme Grain' });
    store.setItem(STORAGE_KEYS.currentClient, '{"id":"7"}');
    expect(session.getCurrentClient()).toBeNull();
    store.setItem(STORAGE_KEYS.currentClient, 'not json');
    expect(session.getCurrentClient()).toBeNull();
  });

  it('reads two-factor flags as false unless stored as true', () => {
    const { session } = openStorage();
    expect(session.getIs2faRequired()).toBe(false);
    session.setIs2faRequired(true);
    session.setIs2faVerified(true);
    expect(session.getIs2faRequired()).toBe(true);
    expect(session.getIs2faVerified()).toBe(true);
  });

  it('accepts only known timescales and non-negative offsets', () => {
    const { store, session } = openStorage();
    session.setTimescale('week');
    expect(session.getTimescale()).toBe('week');
    store.setItem(STORAGE_KEYS.timescale, 'decade');
    expect(session.getTimescale()).toBeNull();
    session.setOffset(40);
    expect(session.getOffset()).toBe(40);
    store.setItem(STORAGE_KEYS.offset, '-3');
    expect(session.getOffset()).toBe(0);
  });

  it('clears the session on logout but keeps the chosen timescale', () => {
    const { session } = openStorage();
    session.setToken('abc');
    session.setCurrentClient({ id: 1, company: 'Mill' });
    session.setErrorMessage('Not found.');
    session.setIs2faRequired(true);
    session.setTimescale('day');
    session.clearSession();
    expect(session.getToken()).toBeNull();
    expect(session.getCurrentClient()).toBeNull();
    expect(session.getErrorMessage()).toBeNull();
    expect(session.getIs2faRequired()).toBe(false);
    expect(session.getTimescale()).toBe('day');
  });
});
