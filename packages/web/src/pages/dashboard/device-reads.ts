/**
 * When the dashboard reads its device again (docs/decisions.md 2026-11-24 'device re-read'): the device record
 * carries is_online, which decides the offline text (M section 2). The server marks a device online when a
 * tree arrives and offline after DEVICE_OFFLINE_AFTER_S of silence, so while the feed brings trees to a device
 * shown online nothing can turn that text on: the record is read rarely then, and every 10 s otherwise (shown
 * offline, or the feed silent), as before. A read costs the page's thread a few ms in the second it lands in.
 */

/** The check's period, and how often the device is read while its offline text may be about to change. */
export const DEVICE_READ_MS = 10_000;
/** How often it is read while the feed is live and the device shown online (its title, type, suspension). */
export const LIVE_DEVICE_READ_MS = 300_000;
/** The feed counts as live while its last tree is younger than this (trees come every second or so). */
export const FEED_FRESH_MS = 5_000;

export type DeviceReadState = {
  /** The device as last read says it is online. */
  isOnline: boolean;
  /** When the feed's latest tree arrived (ms, the same clock as `now`), or null before the first. */
  lastTreeAt: number | null;
  /** When the device was last read (ms). */
  lastReadAt: number;
  now: number;
};

/** Whether the device is due to be read again now. */
export function isDeviceReadDue({ isOnline, lastTreeAt, lastReadAt, now }: DeviceReadState): boolean {
  const isFeedLive = lastTreeAt !== null && now - lastTreeAt < FEED_FRESH_MS;
  const period = isOnline && isFeedLive ? LIVE_DEVICE_READ_MS : DEVICE_READ_MS;
  return now - lastReadAt >= period;
}
