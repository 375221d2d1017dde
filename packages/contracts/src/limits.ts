/**
 * Limits on what one person or one device credential may use at once or per minute (issue 23;
 * docs/permissions.md 'Limits', docs/device-protocol.md 'Credential guessing'), and their messages.
 */

/** One test notification per person and device in this many seconds. */
export const TEST_NOTIFICATION_INTERVAL_S = 60;

/** Live sockets (ws/device-data/ and ws/current-user-notifications/ together) one person may hold open. */
export const LIVE_SOCKETS_PER_PERSON = 20;

/** Heavy reads (graphs, CSV exports, notification pages over 100 rows) one person may have running at once. */
export const HEAVY_READS_PER_PERSON = 4;
/** Heavy reads of one person that wait for a place; past them, or after the wait, the answer is 429. */
export const HEAVY_READS_QUEUED_PER_PERSON = 8;
/** How long a heavy read waits for a place before the answer is 429. */
export const HEAVY_READ_WAIT_MS = 10_000;
/** A notifications page longer than this counts as a heavy read. */
export const HEAVY_NOTIFICATION_PAGE_ROWS = 100;

/** Wrong device codes before a serial number is refused from that address, in the window below. */
export const CREDENTIAL_FAILURES_PER_SERIAL_AND_ADDRESS = 10;
/** Wrong codes on one serial number from anywhere before every address that failed on it is refused. */
export const CREDENTIAL_FAILURES_PER_SERIAL = 10;
/** Wrong codes from one address, whatever the serial number, before the address is refused. */
export const CREDENTIAL_FAILURES_PER_ADDRESS = 100;
/** The window the failures are counted in, and how long a refusal lasts at most. */
export const CREDENTIAL_FAILURE_WINDOW_S = 600;

/** Close code of a live socket past LIVE_SOCKETS_PER_PERSON (beside 4401 and 4403: 4000 + HTTP's 429). */
export const LIVE_SOCKET_CLOSE_TOO_MANY = 4429;

const secondsText = (seconds: number) => `${seconds} second${seconds === 1 ? '' : 's'}`;

export const LIMIT_MESSAGES = {
  testNotificationTooSoon: (retryAfterSeconds: number) =>
    `A test notification of this device was sent less than a minute ago. Try again in ${secondsText(retryAfterSeconds)}.`,
  heavyReadsBusy: (retryAfterSeconds: number) =>
    `You already have ${HEAVY_READS_PER_PERSON} large reads (graphs, exports or long pages) running. Try again in ${secondsText(retryAfterSeconds)}.`,
  liveSocketsTooMany: `Too many live connections: close other Vigil tabs (at most ${LIVE_SOCKETS_PER_PERSON}).`,
  credentialGuessing: (retryAfterSeconds: number) =>
    `Too many wrong device codes. Try again in ${secondsText(retryAfterSeconds)}.`,
} as const;
