import { describe, expect, it } from 'vitest';
import { ControlEventSchema, concernsGrant, type FeedGrant } from './control-events';

const grant: FeedGrant = { udfId: 'DEV1', userId: 7, sessionId: 's-1', locationId: 3, clientId: 2 };

describe('concernsGrant', () => {
  it('picks the sockets of the session, the user, the device, the site or the client named', () => {
    expect(concernsGrant({ name: 'session-revoked', data: { sessionId: 's-1' } }, grant)).toBe(true);
    expect(concernsGrant({ name: 'session-revoked', data: { sessionId: 's-2' } }, grant)).toBe(false);
    expect(concernsGrant({ name: 'session-revoked', data: { userId: 7 } }, grant)).toBe(true);
    expect(concernsGrant({ name: 'session-revoked', data: {} }, grant)).toBe(false);
    expect(concernsGrant({ name: 'access-changed', data: { userId: 8 } }, grant)).toBe(false);
    expect(concernsGrant({ name: 'access-changed', data: { udfId: 'DEV1' } }, grant)).toBe(true);
    expect(concernsGrant({ name: 'access-changed', data: { locationId: 3 } }, grant)).toBe(true);
    expect(concernsGrant({ name: 'access-changed', data: { clientId: 2 } }, grant)).toBe(true);
    expect(concernsGrant({ name: 'access-changed', data: { locationId: 4, udfId: 'DEV2' } }, grant)).toBe(
      false,
    );
  });

  it('an access-changed event naming nothing concerns every socket', () => {
    expect(concernsGrant({ name: 'access-changed', data: {} }, grant)).toBe(true);
  });
});

describe('ControlEventSchema', () => {
  it('accepts the events of the map and refuses anything else', () => {
    expect(ControlEventSchema.safeParse({ name: 'access-changed', data: { udfId: 'X' } }).success).toBe(true);
    expect(ControlEventSchema.safeParse({ name: 'reboot', data: {} }).success).toBe(false);
    expect(ControlEventSchema.safeParse({ name: 'session-revoked', data: { userId: 'x' } }).success).toBe(
      false,
    );
  });
});
