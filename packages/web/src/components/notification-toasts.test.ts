import type { NotificationPush, NotificationPushItem } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { pushItem } from '../../test/notification-test-data';
import { LOCATION_TOAST_MS, MAX_TOASTS, TOAST_MS, toastsOf } from './notification-toasts';

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

  it("tells when each notification happened in its own site's zone, labelled", () => {
    // 2026-11-24 08:00 UTC: 09:00 in Berlin, 03:00 in New York.
    const at = Date.UTC(2026, 10, 24, 8, 0, 0) / 1000;
    const [berlin, newYork] = toastsOf(
      push(
        item(1, { timestamp: at, timezone: 'Europe/Berlin' }),
        item(2, { timestamp: at, timezone: 'America/New_York' }),
      ),
    );
    expect(berlin?.time).toBe('2026-11-24 09:00:00 CET');
    expect(newYork?.time).toBe('2026-11-24 03:00:00 EST');
    const [summary] = toastsOf(push(...[1, 2, 3, 4].map((pk) => item(pk))));
    expect(summary?.time).toBeNull();
  });

  it('shows nothing for a push that only carries the count', () => {
    expect(toastsOf(push())).toEqual([]);
  });

  it('keeps a long push to three toasts: the newest two, opened last so they take the corner, below a summary', () => {
    const toasts = toastsOf(push(...[1, 2, 3, 4, 5].map((pk) => item(pk))));
    expect(MAX_TOASTS).toBe(3);
    expect(toasts).toHaveLength(MAX_TOASTS);
    expect(toasts[0]?.title).toBe('3 more notifications');
    expect(toasts.slice(1).map((toast) => toast.key)).toEqual([item(4).key, item(5).key]);
  });

  it('opens a short push oldest first, so the newest takes the corner', () => {
    expect(toastsOf(push(item(1), item(2))).map((toast) => toast.key)).toEqual([item(1).key, item(2).key]);
  });
});
