import { LIMIT_MESSAGES, TEST_NOTIFICATION_INTERVAL_S } from '@vigil/contracts';
import { AppError } from '../../errors';
import type { LimitStore } from '../../limits/limit-store';

/** Takes a person's turn to send a test notification of a device; throws 429 while the last is under a minute old. */
export type TestNotificationTurns = (userId: number, deviceId: number) => Promise<void>;

/**
 * One test notification a minute per person and device: each goes to every 'Test Email' rule's address and
 * into every viewer's log, so a person cannot make it a mail cannon. Counted in Redis when instances share one.
 */
export function testNotificationTurns(limits: LimitStore): TestNotificationTurns {
  const counter = limits.counter('test-notification', {
    points: 1,
    durationSeconds: TEST_NOTIFICATION_INTERVAL_S,
  });
  return async (userId, deviceId) => {
    const waitSeconds = await counter.take(`${userId}:${deviceId}`);
    if (waitSeconds > 0) {
      throw new AppError(
        'rate_limited',
        LIMIT_MESSAGES.testNotificationTooSoon(waitSeconds),
        undefined,
        waitSeconds,
      );
    }
  };
}
