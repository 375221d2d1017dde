import { SHELVING_MESSAGES } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { EMPTY_SHELVE_DRAFT, shelfSummary, shelveRequestOf, UNTIL_FORMAT_MESSAGE } from './shelve-draft';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const SENSOR = { deviceId: 7, fullId: '1.2.3.4' };
const ZONE = 'Europe/Berlin';

describe('the shelve dialog', () => {
  it('asks for the minutes chosen with the reason trimmed', () => {
    expect(
      shelveRequestOf({ ...EMPTY_SHELVE_DRAFT, duration: 240, reason: ' Hot work ' }, SENSOR, ZONE, NOW),
    ).toEqual({
      body: { device: 7, sensor_id: '1.2.3.4', reason: 'Hot work', minutes: 240 },
    });
  });

  it('reads a time at the site in its zone', () => {
    const draft = { duration: 'until' as const, untilText: '2026-11-28 18:30', reason: 'Permit 118' };
    expect(shelveRequestOf(draft, SENSOR, ZONE, NOW)).toEqual({
      body: { device: 7, sensor_id: '1.2.3.4', reason: 'Permit 118', until: '2026-11-28T17:30:00.000Z' },
    });
  });

  it('needs a reason, a readable time, and at most 24 hours', () => {
    expect(shelveRequestOf(EMPTY_SHELVE_DRAFT, SENSOR, ZONE, NOW)).toEqual({
      problems: [SHELVING_MESSAGES.reasonRequired],
    });
    expect(
      shelveRequestOf({ duration: 'until', untilText: 'tonight', reason: 'x' }, SENSOR, ZONE, NOW),
    ).toEqual({
      problems: [UNTIL_FORMAT_MESSAGE],
    });
    expect(
      shelveRequestOf({ duration: 'until', untilText: '2026-11-30 12:00', reason: 'x' }, SENSOR, ZONE, NOW),
    ).toEqual({ problems: [SHELVING_MESSAGES.untilTooLate] });
  });

  it('sums a shelf up in the site zone, zone named', () => {
    expect(
      shelfSummary({ until: '2026-11-28T17:30:00.000Z', shelved_by: 'Ann Lee', reason: 'Permit 118' }, ZONE),
    ).toBe('Shelved until 2026-11-28 18:30 CET by Ann Lee: Permit 118');
  });
});
