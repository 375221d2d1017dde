import type { EscalationStopReason, NotificationType } from '@vigil/contracts';
import type { StoredEscalationLevel } from '../../db/tables/escalation.table';

/**
 * The walk of one alarm through its site's escalation levels (docs/escalation.md), pure: level n is due n's
 * minutes after the alarm happened; at its time it is sent only if the alarm is still active, nobody has
 * acknowledged it, and the policy (read again then) is on, covers the alarm's type and still has level n. Each
 * sent level stores the next one; a stopped level ends the walk.
 */

const MINUTE_MS = 60_000;

export type WalkPolicy = {
  enabled: boolean;
  includeWarnings: boolean;
  levels: readonly StoredEscalationLevel[];
};

export type WalkNotification = {
  eventType: NotificationType;
  isActive: boolean;
  acknowledgedAt: Date | null;
  dateCreated: Date;
  /** Logged while its sensor was shelved (issue 27): it never starts a walk. */
  isShelved: boolean;
};

/** Alarms always escalate; warnings when the policy says so; nothing else does. */
export function escalates(policy: WalkPolicy, eventType: NotificationType): boolean {
  return eventType === 'alarm_on' || (eventType === 'warning_on' && policy.includeWarnings);
}

/** The level due after `level` (0: the first), or null when the walk ends there or never starts. */
export function stepAfter(
  policy: WalkPolicy | undefined,
  notification: WalkNotification,
  level: number,
): { level: number; dueAt: Date } | null {
  if (policy === undefined || !policy.enabled || !escalates(policy, notification.eventType)) {
    return null;
  }
  if (!notification.isActive || notification.acknowledgedAt !== null || notification.isShelved) {
    return null;
  }
  const next = policy.levels[level];
  if (next === undefined) {
    return null;
  }
  return {
    level: level + 1,
    dueAt: new Date(notification.dateCreated.getTime() + next.afterMinutes * MINUTE_MS),
  };
}

export type StepDecision =
  | { send: true; level: StoredEscalationLevel }
  | { send: false; reason: EscalationStopReason };

/**
 * Whether level `level` (1-based) is sent now; read in the transaction that claimed the step. `shelvedNow`: the
 * alarm's sensor is shelved now (a walk started before the shelf stops there, issue 27).
 */
export function decideStep(
  policy: WalkPolicy | undefined,
  notification: WalkNotification | undefined,
  level: number,
  shelvedNow = false,
): StepDecision {
  if (notification === undefined) {
    return { send: false, reason: 'gone' };
  }
  if (notification.isShelved || shelvedNow) {
    return { send: false, reason: 'shelved' };
  }
  if (notification.acknowledgedAt !== null) {
    return { send: false, reason: 'acknowledged' };
  }
  if (!notification.isActive) {
    return { send: false, reason: 'cleared' };
  }
  if (policy === undefined || !policy.enabled || !escalates(policy, notification.eventType)) {
    return { send: false, reason: 'policy-off' };
  }
  const stored = policy.levels[level - 1];
  return stored === undefined ? { send: false, reason: 'level-removed' } : { send: true, level: stored };
}

/**
 * The addresses of a level, each once (lower-cased): the people (active ones who still see the site, in the
 * order the policy names them), then the other addresses. Another level may name the same address: each level is
 * its own e-mail (the walk settles a level once, so nobody gets a level twice).
 */
export function levelRecipients(
  level: StoredEscalationLevel,
  people: ReadonlyMap<number, { email: string; reachable: boolean }>,
): string[] {
  const addresses: string[] = [];
  for (const id of level.userIds) {
    const person = people.get(id);
    if (person?.reachable) {
      addresses.push(person.email);
    }
  }
  addresses.push(...level.emails);
  const seen = new Set<string>();
  return addresses
    .map((address) => address.trim())
    .filter((address) => {
      const key = address.toLowerCase();
      if (address === '' || seen.has(key)) {
        return false;
      }
      seen.add(key);
      return true;
    });
}
