import { describe, expect, it } from 'vitest';
import type { ControlEvent } from '../../realtime/control-events';
import { concernsSocket } from '../../realtime/socket-rules';
import { type DeviceFeedGrant, isFeedConcernedBy } from './device-feed-access';

const holder = { user: { id: 7 }, session: { id: 's-1', expiresAt: new Date() } };
const grant: DeviceFeedGrant = { udfId: 'DEV1', locationId: 3, clientId: 2, visibleSince: undefined };
const concerns = (event: ControlEvent) => concernsSocket(event, holder, grant, isFeedConcernedBy);

describe('the control events a device feed socket re-checks on', () => {
  it('picks the sockets of the session, the user, the device, the site or the client named', () => {
    expect(concerns({ name: 'session-revoked', data: { sessionId: 's-1' } })).toBe(true);
    expect(concerns({ name: 'session-revoked', data: { sessionId: 's-2' } })).toBe(false);
    expect(concerns({ name: 'session-revoked', data: { userId: 7 } })).toBe(true);
    expect(concerns({ name: 'session-revoked', data: {} })).toBe(false);
    expect(concerns({ name: 'access-changed', data: { userId: 8 } })).toBe(false);
    expect(concerns({ name: 'access-changed', data: { udfId: 'DEV1' } })).toBe(true);
    expect(concerns({ name: 'access-changed', data: { locationId: 3 } })).toBe(true);
    expect(concerns({ name: 'access-changed', data: { clientId: 2 } })).toBe(true);
    expect(concerns({ name: 'access-changed', data: { locationId: 4, udfId: 'DEV2' } })).toBe(false);
  });

  it('an access-changed event naming nothing concerns every socket', () => {
    expect(concerns({ name: 'access-changed', data: {} })).toBe(true);
  });
});
