import { describe, expect, it } from 'vitest';
import { createMemoryStore, createSessionStorage } from '../../auth/session-storage';
import { exportTimescaleOf, readGraphMode, saveGraphMode } from './timescale-storage';

describe('the stored timescale', () => {
  it('restores the chosen tab, Live being no timescale', () => {
    const store = createSessionStorage(createMemoryStore());
    expect(readGraphMode(store)).toBe('live');
    saveGraphMode('week', store);
    expect(readGraphMode(store)).toBe('week');
    saveGraphMode('live', store);
    expect(store.getTimescale()).toBeNull();
    expect(readGraphMode(store)).toBe('live');
  });

  it('exports Live as the hour it draws from', () => {
    expect(exportTimescaleOf('live')).toBe('hour');
    expect(exportTimescaleOf('month')).toBe('month');
  });
});
