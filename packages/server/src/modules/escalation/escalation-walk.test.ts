import { describe, expect, it } from 'vitest';
import {
  decideStep,
  levelRecipients,
  stepAfter,
  type WalkNotification,
  type WalkPolicy,
} from './escalation-walk';

const T0 = new Date('2026-11-28T02:00:00Z');
const MINUTE = 60_000;

const policy: WalkPolicy = {
  enabled: true,
  includeWarnings: false,
  levels: [
    { afterMinutes: 0, userIds: [1], emails: ['night@example.com'] },
    { afterMinutes: 10, userIds: [], emails: ['boss@example.com', 'NIGHT@example.com'] },
    { afterMinutes: 30, userIds: [2], emails: [] },
  ],
};
const levelAt = (index: number) => {
  const level = policy.levels[index];
  if (level === undefined) {
    throw new Error(`no level ${index + 1}`);
  }
  return level;
};
const alarm: WalkNotification = {
  eventType: 'alarm_on',
  isActive: true,
  acknowledgedAt: null,
  dateCreated: T0,
  isShelved: false,
};

describe('the escalation walk', () => {
  it('starts at level 1, due its minutes after the alarm, and walks each level in turn', () => {
    expect(stepAfter(policy, alarm, 0)).toEqual({ level: 1, dueAt: T0 });
    expect(stepAfter(policy, alarm, 1)).toEqual({ level: 2, dueAt: new Date(T0.getTime() + 10 * MINUTE) });
    expect(stepAfter(policy, alarm, 2)).toEqual({ level: 3, dueAt: new Date(T0.getTime() + 30 * MINUTE) });
    expect(stepAfter(policy, alarm, 3)).toBeNull();
  });

  it('does not start without a policy, with it off, or for a warning unless the policy says so', () => {
    expect(stepAfter(undefined, alarm, 0)).toBeNull();
    expect(stepAfter({ ...policy, enabled: false }, alarm, 0)).toBeNull();
    const warning: WalkNotification = { ...alarm, eventType: 'warning_on' };
    expect(stepAfter(policy, warning, 0)).toBeNull();
    expect(stepAfter({ ...policy, includeWarnings: true }, warning, 0)?.level).toBe(1);
    expect(stepAfter(policy, { ...alarm, eventType: 'device_offline' }, 0)).toBeNull();
  });

  it('sends a due level while the alarm is active and unacknowledged', () => {
    expect(decideStep(policy, alarm, 2)).toEqual({ send: true, level: policy.levels[1] });
  });

  it('stops at the acknowledgement, at the clearing, when the policy changed, or when the alarm is gone', () => {
    expect(decideStep(policy, { ...alarm, acknowledgedAt: new Date(T0.getTime() + MINUTE) }, 2)).toEqual({
      send: false,
      reason: 'acknowledged',
    });
    expect(decideStep(policy, { ...alarm, isActive: false }, 2)).toEqual({ send: false, reason: 'cleared' });
    expect(decideStep({ ...policy, enabled: false }, alarm, 2)).toEqual({
      send: false,
      reason: 'policy-off',
    });
    expect(decideStep(undefined, alarm, 1)).toEqual({ send: false, reason: 'policy-off' });
    expect(decideStep({ ...policy, levels: policy.levels.slice(0, 1) }, alarm, 2)).toEqual({
      send: false,
      reason: 'level-removed',
    });
    expect(decideStep(policy, undefined, 1)).toEqual({ send: false, reason: 'gone' });
    // An acknowledged alarm that then cleared reads as acknowledged: the person answered.
    expect(decideStep(policy, { ...alarm, isActive: false, acknowledgedAt: T0 }, 1).send).toBe(false);
  });

  it('names each address of a level once, and only the people still reachable', () => {
    const people = new Map([
      [1, { email: 'Night@example.com', reachable: true }],
      [2, { email: 'gone@example.com', reachable: false }],
    ]);
    expect(levelRecipients(levelAt(0), people)).toEqual(['Night@example.com']);
    expect(levelRecipients(levelAt(1), people)).toEqual(['boss@example.com', 'NIGHT@example.com']);
    expect(levelRecipients(levelAt(2), people)).toEqual([]);
  });
});
