import type { DeviceProofTests, ProofTestStatus } from '@vigil/contracts';

/** Proof-test status by full sensor id for the sensors that need a test (due, overdue, never tested). */
export function proofTestMarks(
  report: DeviceProofTests | null | undefined,
): ReadonlyMap<string, ProofTestStatus> {
  const marks = new Map<string, ProofTestStatus>();
  for (const sensor of report?.sensors ?? []) {
    if (sensor.status !== 'ok') {
      marks.set(sensor.sensor_id, sensor.status);
    }
  }
  return marks;
}

/** The toolbar's summary, or null when every alarm sensor was proven within the site's interval. */
export function proofTestSummary(report: DeviceProofTests | null | undefined): string | null {
  if (report == null) {
    return null;
  }
  const { due, overdue, never } = report.counts;
  const now = overdue + never;
  const parts = [
    ...(now > 0 ? [`${now} alarm sensor${now === 1 ? '' : 's'} overdue for a proof test`] : []),
    ...(due > 0 ? [`${due} due within 14 days`] : []),
  ];
  return parts.length === 0 ? null : parts.join(', ');
}
