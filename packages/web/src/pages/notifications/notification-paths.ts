/** The notifications log of one device (M section 2 'Device Notifications'): the device filter set, others clear. */
export function deviceNotificationsPath(deviceId: number): string {
  return `/notifications/device/${deviceId}`;
}
