/** Texts of M sections 2 and 8 for the dashboard, verbatim; the ones the spec leaves open are ours. */
export const DASHBOARD_MESSAGES = {
  offline:
    "Device is Offline! No notifications can occur until the device is back online! Please check the device's internet connection",
  loadFailed: 'Something went wrong. Please try to refresh the page',
  loadFailedStaffSuffix: ' and check your current client and site selection',
  snapshotBanner: (timestamp: string) =>
    `Warning: This is a historical snapshot. The data is not live. Snapshot date/time: ${timestamp}`,
  fixNotificationsDone: 'Cleared notification was successful',
  fixNotificationsFailed: 'Request for device notifications cleanup failed',
  /** Ours. */
  noDevice: 'No device is selected. Choose a device on the Devices page to see its sensors.',
  noData: 'The device has not reported its sensors yet.',
  nothingShown: 'No sensors match the filter.',
  reconnecting: 'Reconnecting…',
  reconnectingDetail:
    'The live connection was lost. The values below stay as last received until it is back.',
  forbidden: 'You no longer have access to this device, so its live data has stopped.',
  testSucceeded: 'The maintenance test succeeded. Click to submit the result',
  testFailed: 'The maintenance test failed: the time is up. Click to submit the result',
  hideDisabled: 'Hide disabled sensors',
  lastData: (time: string) => `Last data received ${time}. The values below are from then.`,
  neverReported: 'No data has been received from this device yet.',
  offlineBadge: 'Offline',
} as const;

/** The failed-load text; a super user is also asked to check the client and site chosen. */
export function loadFailedMessage(isSuperuser: boolean): string {
  return isSuperuser
    ? `${DASHBOARD_MESSAGES.loadFailed}${DASHBOARD_MESSAGES.loadFailedStaffSuffix}`
    : DASHBOARD_MESSAGES.loadFailed;
}
