import type { NotificationPush, NotificationPushItem } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { pushItem } from '../pages/notifications/notification-test-data';
import { LOCATION_TOAST_MS, MAX_TOASTS_PER_PUSH, TOAST_MS, toastsOf } from './notification-toasts';

const item = pushItem;

const push = (...items: NotificationPushItem[]): NotificationPush => ({
  device: 'Conveyor 3',
  location: 'Mill',
  count: 4,
  notifications: items,
});

describe('toastsOf', () => {
  it('shows a device notification for 4 s and a site one for 5000 ms', () => {
    const [device, site] = toastsOf(
      push(
        item(1),
        item(2, {
          type: 'site_administration',
          device: null,
          device_pk: null,
          sensor_name: null,
          content: 'Renamed',
        }),
      ),
    );
    expect(device).toMatchObject({
      title: 'Alarm Detected',
      description: 'Mill · Conveyor 3 · Head speed: Belt speed alarm',
      durationMs: TOAST_MS,
    });
    expect(site).toMatchObject({ description: 'Mill: Renamed', durationMs: LOCATION_TOAST_MS });
    expect([TOAST_MS, LOCATION_TOAST_MS]).toEqual([4_000, 5_000]);
  });

  it('shows nothing for a push that only carries the count', () => {
    expect(toastsOf(push())).toEqual([]);
  });

  it('sums up a long push after the first toasts', () => {
    const toasts = toastsOf(push(...[1, 2, 3, 4, 5].map((pk) => item(pk))));
    expect(toasts).toHaveLength(MAX_TOASTS_PER_PUSH + 1);
    expect(toasts.at(-1)?.title).toBe('2 more notifications');
  });
});
