import {
  MAINTENANCE_COUNTDOWN_MS,
  MAINTENANCE_EVENTS,
  MAINTENANCE_EXCLUDED_SENSOR_IDS,
  MAINTENANCE_MESSAGES,
  type MaintenanceInfo,
  type MaintenanceInfoEntry,
} from '@vigil/contracts';

/** The open test of the device, if any (one per device; the server keys it by leaf Id). */
export function findOpenTest(info: MaintenanceInfo | undefined): MaintenanceInfoEntry | null {
  if (info === undefined) {
    return null;
  }
  for (const entry of Object.values(info)) {
    if (entry !== null) {
      return entry;
    }
  }
  return null;
}

/**
 * Milliseconds left on the countdown: 8 minutes minus the time since the start (M section 9), counted on
 * the server's clock: `server_time` was the server's now when the browser's clock read `receivedAt`.
 */
export function remainingMs(
  entry: Pick<MaintenanceInfoEntry, 'time' | 'server_time'>,
  receivedAt: number,
  now: number,
): number {
  const serverNow = entry.server_time + (now - receivedAt);
  return Math.max(0, MAINTENANCE_COUNTDOWN_MS - (serverNow - entry.time));
}

/** The countdown as m:ss. */
export function formatCountdown(ms: number): string {
  const seconds = Math.ceil(Math.max(0, ms) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Sensors 18000 and 21000 cannot be tested (M section 4). */
export function canTestSensor(leafId: string): boolean {
  return !MAINTENANCE_EXCLUDED_SENSOR_IDS.includes(leafId);
}

/** What the tested sensor's card says while the test runs (M section 4 prompts), null once it ended. */
export function runningPrompt(state: MaintenanceInfoEntry['state']): string | null {
  if (state === MAINTENANCE_EVENTS.expectAlarmOn) {
    return MAINTENANCE_MESSAGES.promptExpectAlarmOn;
  }
  if (state === MAINTENANCE_EVENTS.expectAlarmOff) {
    return MAINTENANCE_MESSAGES.promptExpectAlarmOff;
  }
  return null;
}

/** The comment dialogs: success (comment optional), failed and cancel (comment required, M section 5). */
export type CommentKind = 'succeeded' | 'failed' | 'cancel';

export const COMMENT_EVENT: Record<CommentKind, MaintenanceInfoEntry['state'] | 'maintenance_canceled'> = {
  succeeded: MAINTENANCE_EVENTS.succeeded,
  failed: MAINTENANCE_EVENTS.failed,
  cancel: MAINTENANCE_EVENTS.canceled,
};

export function isCommentRequired(kind: CommentKind): boolean {
  return kind !== 'succeeded';
}

export function canSubmitComment(kind: CommentKind, comment: string): boolean {
  return !isCommentRequired(kind) || comment.trim() !== '';
}

/** The dialog an ended test opens: its result, or null while it still runs. */
export function endedKindOf(state: MaintenanceInfoEntry['state']): CommentKind | null {
  if (state === MAINTENANCE_EVENTS.succeeded) {
    return 'succeeded';
  }
  return state === MAINTENANCE_EVENTS.failed ? 'failed' : null;
}
