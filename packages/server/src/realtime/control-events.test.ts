import { describe, expect, it } from 'vitest';
import { ControlEventSchema, FormerNotificationsCreatedSchema } from './control-events';

describe('ControlEventSchema', () => {
  it('accepts the events of the map and refuses anything else', () => {
    expect(ControlEventSchema.safeParse({ name: 'access-changed', data: { udfId: 'X' } }).success).toBe(true);
    expect(ControlEventSchema.safeParse({ name: 'reboot', data: {} }).success).toBe(false);
    expect(ControlEventSchema.safeParse({ name: 'session-revoked', data: { userId: 'x' } }).success).toBe(
      false,
    );
  });

  it("reads older instances' notifications only as the former frame, not as a control event", () => {
    const former = { name: 'notifications-created', data: { notifications: [{ id: 1, locationId: 2 }] } };
    expect(ControlEventSchema.safeParse(former).success).toBe(false);
    expect(FormerNotificationsCreatedSchema.safeParse(former).success).toBe(true);
    expect(
      FormerNotificationsCreatedSchema.safeParse({ ...former, data: { notifications: [{ id: 1 }] } }).success,
    ).toBe(false);
  });
});
