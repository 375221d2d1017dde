import { describe, expect, it } from 'vitest';
import { filtersFromLocation } from './notification-filters';
import { deviceNotificationsPath } from './notification-paths';

describe('the Device Notifications tab', () => {
  it("opens the log filtered to that device only (issue 23: it opened every device's)", () => {
    const path = deviceNotificationsPath(7);
    expect(path).toBe('/notifications/device/7');
    const deviceId = path.split('/').at(-1);
    const filters = filtersFromLocation(new URLSearchParams(), { deviceId, isAll: false });
    expect(filters).toMatchObject({ deviceId: 7, siteId: null });
  });
});
