import {
  MAINTENANCE_EVENTS,
  MAINTENANCE_EXCLUDED_SENSOR_IDS,
  MAINTENANCE_MESSAGES,
  type MaintenanceInfo,
  type MaintenanceInfoEntry,
} from '@vigil/contracts';
import { DASHBOARD_MESSAGES } from './dashboard-messages';

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
 * Milliseconds left on the countdown: until the server's own deadline (start + MAINTENANCE_TIMEOUT_S, 540 s),
 * so the screen reaches 0:00 when the test fails, not a minute before (issue 23; docs/decisions.md). Counted
 * on the server's clock: `server_time` was the server's now when the browser's clock read `receivedAt`.
 */
export function remainingMs(
  entry: Pick<MaintenanceInfoEntry, 'deadline' | 'server_time'>,
  receivedAt: number,
  now: number,
): number {
  const serverNow = entry.server_time + (now - receivedAt);
  return Math.max(0, entry.deadline - serverNow);
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

/**
 * The line a card shows in maintenance mode: only the sensor under test says anything ('Testing in progress.'
 * while it runs, its result once it ended); the bar above carries the step's prompt and the countdown.
 */
export function cardPromptOf(isTested: boolean, state: MaintenanceInfoEntry['state'] | null): string | null {
  if (!isTested || state === null) {
    return null;
  }
  const ended = endedKindOf(state);
  if (ended === 'succeeded') {
    return DASHBOARD_MESSAGES.testSucceeded;
  }
  if (ended === 'failed') {
    return DASHBOARD_MESSAGES.testFailed;
  }
  return MAINTENANCE_MESSAGES.promptInProgress;
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
