import { SHELVES_PER_SITE_MAX, SHELVING_MESSAGES } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { decideSend, isPlanned } from '../alert-rules/alert-plan';
import { decideStep, stepAfter, type WalkNotification, type WalkPolicy } from '../escalation/escalation-walk';
import { isShelvedAt, shelfEnd, siteLimitProblem } from './shelf-rules';

const NOW = new Date('2026-11-28T12:00:00Z');
const MINUTE = 60_000;
const at = (minutes: number) => new Date(NOW.getTime() + minutes * MINUTE);

describe('the rules of a shelf', () => {
  it('ends after the minutes asked, or at the time asked when it is 5 minutes to 24 hours ahead', () => {
    expect(shelfEnd({ minutes: 60 }, NOW)).toEqual({ until: at(60) });
    expect(shelfEnd({ until: at(8 * 60).toISOString() }, NOW)).toEqual({ until: at(8 * 60) });
    expect(shelfEnd({ until: at(4).toISOString() }, NOW)).toEqual({
      problems: { until: [SHELVING_MESSAGES.untilTooSoon] },
    });
    expect(shelfEnd({ until: at(24 * 60 + 2).toISOString() }, NOW)).toEqual({
      problems: { until: [SHELVING_MESSAGES.untilTooLate] },
    });
  });

  it('holds 500 active shelves a site; replacing a shelf takes no new room', () => {
    expect(siteLimitProblem(SHELVES_PER_SITE_MAX - 1, false)).toBeNull();
    expect(siteLimitProblem(SHELVES_PER_SITE_MAX, false)).toBe(SHELVING_MESSAGES.tooManyShelves);
    expect(siteLimitProblem(SHELVES_PER_SITE_MAX, true)).toBeNull();
  });

  it('shelves a sensor from its start (included) to the earlier of its end and its unshelving', () => {
    const shelf = { deviceId: 1, sensorId: '1.2', shelvedAt: at(0), until: at(60), unshelvedAt: null };
    const probe = (minutes: number, sensorId = '1.2', deviceId = 1) => ({
      deviceId,
      sensorId,
      at: at(minutes),
    });
    expect(isShelvedAt([shelf], probe(0))).toBe(true);
    expect(isShelvedAt([shelf], probe(59))).toBe(true);
    expect(isShelvedAt([shelf], probe(-1))).toBe(false);
    expect(isShelvedAt([shelf], probe(60))).toBe(false);
    expect(isShelvedAt([shelf], probe(10, '1.3'))).toBe(false);
    expect(isShelvedAt([shelf], probe(10, '1.2', 2))).toBe(false);
    expect(isShelvedAt([{ ...shelf, unshelvedAt: at(20) }], probe(25))).toBe(false);
    expect(isShelvedAt([{ ...shelf, unshelvedAt: at(20) }], probe(15))).toBe(true);
  });
});

describe("shelving's effect on the e-mail rules and the escalation walk", () => {
  const policy: WalkPolicy = {
    enabled: true,
    includeWarnings: true,
    levels: [{ afterMinutes: 0, userIds: [], emails: ['night@example.com'] }],
  };
  const alarm: WalkNotification = {
    eventType: 'alarm_on',
    isActive: true,
    acknowledgedAt: null,
    dateCreated: NOW,
    isShelved: false,
  };

  it('plans no e-mail for a shelved notification, and skips a reminder while the sensor is shelved', () => {
    expect(isPlanned({ isShelved: false })).toBe(true);
    expect(isPlanned({ isShelved: true })).toBe(false);
    const due = {
      contactWhen: 2 as const,
      numberPerHour: 0,
      sentInLastHour: 0,
      stillOn: true,
      userActive: true,
      canSeeSite: true,
    };
    expect(decideSend(due)).toEqual({ send: true });
    expect(decideSend({ ...due, shelvedNow: true })).toEqual({ send: false, reason: 'shelved' });
  });

  it('never starts a walk for a shelved alarm or warning, and stops a walk whose sensor is shelved now', () => {
    expect(stepAfter(policy, alarm, 0)).not.toBeNull();
    expect(stepAfter(policy, { ...alarm, isShelved: true }, 0)).toBeNull();
    expect(stepAfter(policy, { ...alarm, eventType: 'warning_on', isShelved: true }, 0)).toBeNull();
    expect(decideStep(policy, alarm, 1)).toMatchObject({ send: true });
    expect(decideStep(policy, { ...alarm, isShelved: true }, 1)).toEqual({ send: false, reason: 'shelved' });
    expect(decideStep(policy, alarm, 1, true)).toEqual({ send: false, reason: 'shelved' });
  });
});
