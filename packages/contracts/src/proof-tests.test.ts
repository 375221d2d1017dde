import { describe, expect, it } from 'vitest';
import { countProofTests, isProofTestable, ProofTestIntervalSchema, proofTestCoverage } from './proof-tests';
import type { Sensor } from './realtime';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 23, 12);

function sensor(partial: Partial<Sensor> & { Meta?: Partial<Sensor['Meta']> }): Sensor {
  return {
    Id: '1',
    Name: 'Head Pulley',
    Type: 'NUMERIC',
    Value: 80,
    Status: 'OK',
    Alarm: false,
    ...partial,
    Meta: { Min: null, Max: 180, State: null, Units: '°F', ...partial.Meta },
  } as Sensor;
}

describe('proof-test coverage', () => {
  it('counts contacts and values with an alarm limit, not counters, excluded or disabled sensors', () => {
    expect(isProofTestable(sensor({}))).toBe(true);
    expect(isProofTestable(sensor({ Type: 'BOOL', Meta: { Max: null } }))).toBe(true);
    expect(isProofTestable(sensor({ Meta: { Max: null, Min: 300 } }))).toBe(true);
    expect(isProofTestable(sensor({ Meta: { Max: null } }))).toBe(false);
    expect(isProofTestable(sensor({ Type: 'ENUM' }))).toBe(false);
    expect(isProofTestable(sensor({ Id: 18000 }))).toBe(false);
    expect(isProofTestable(sensor({ Id: '21000' }))).toBe(false);
    expect(isProofTestable(sensor({ Meta: { State: 'Disabled' } }))).toBe(false);
    expect(isProofTestable(sensor({ Meta: { State: 'System Selected Profile 0' } }))).toBe(false);
  });

  it('is never tested without a test, ok inside the interval, due in its last 14 days, overdue after', () => {
    expect(proofTestCoverage(null, 90, NOW)).toEqual({ status: 'never', dueDate: null });
    expect(proofTestCoverage(NOW - 10 * DAY, 90, NOW)).toEqual({ status: 'ok', dueDate: NOW + 80 * DAY });
    expect(proofTestCoverage(NOW - 76 * DAY, 90, NOW).status).toBe('ok');
    expect(proofTestCoverage(NOW - 76 * DAY - 1, 90, NOW).status).toBe('due');
    expect(proofTestCoverage(NOW - 90 * DAY + 1, 90, NOW).status).toBe('due');
    expect(proofTestCoverage(NOW - 90 * DAY, 90, NOW)).toEqual({ status: 'overdue', dueDate: NOW });
  });

  it('shortens the due window to the interval when the interval is shorter than 14 days', () => {
    expect(proofTestCoverage(NOW - 1, 7, NOW).status).toBe('due');
    expect(proofTestCoverage(NOW - 1, 30, NOW).status).toBe('ok');
  });

  it('counts statuses', () => {
    expect(countProofTests([{ status: 'ok' }, { status: 'never' }, { status: 'never' }])).toEqual({
      ok: 1,
      due: 0,
      overdue: 0,
      never: 2,
    });
  });

  it('takes intervals of 1 to 3650 whole days', () => {
    expect(ProofTestIntervalSchema.parse('30')).toBe(30);
    for (const bad of [0, 3651, 1.5, 'x', -1]) {
      expect(ProofTestIntervalSchema.safeParse(bad).error?.issues[0]?.message).toBe(
        'Enter a whole number of days from 1 to 3650.',
      );
    }
  });
});
