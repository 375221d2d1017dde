import type { DeviceProofTests, ProofTestSensor } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { proofTestMarks, proofTestSummary } from './proof-test-marks';

function report(statuses: Array<ProofTestSensor['status']>): DeviceProofTests {
  const counts = { ok: 0, due: 0, overdue: 0, never: 0 };
  const sensors = statuses.map((status, i) => {
    counts[status] += 1;
    return {
      sensor_id: `D.g.${i}`,
      name: `S${i}`,
      group_name: 'g',
      status,
      last_test: null,
      due_date: null,
      last_result: null,
    };
  });
  return { device: { id: 1, title: 'D', device_type: 'F500' }, interval_days: 90, counts, sensors };
}

describe('proof-test marks on the dashboard', () => {
  it('marks only the sensors that need a test', () => {
    const marks = proofTestMarks(report(['ok', 'due', 'overdue', 'never']));
    expect([...marks]).toEqual([
      ['D.g.1', 'due'],
      ['D.g.2', 'overdue'],
      ['D.g.3', 'never'],
    ]);
    expect(proofTestMarks(null).size).toBe(0);
  });

  it('sums up what is overdue (never tested included) and what is due soon', () => {
    expect(proofTestSummary(report(['ok', 'ok']))).toBeNull();
    expect(proofTestSummary(null)).toBeNull();
    expect(proofTestSummary(report(['never']))).toBe('1 alarm sensor overdue for a proof test');
    expect(proofTestSummary(report(['never', 'overdue', 'due']))).toBe(
      '2 alarm sensors overdue for a proof test, 1 due within 14 days',
    );
    expect(proofTestSummary(report(['due', 'ok']))).toBe('1 due within 14 days');
  });
});
