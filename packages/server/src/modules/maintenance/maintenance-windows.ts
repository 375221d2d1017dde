/**
 * When a sensor was under a maintenance test (docs/maintenance.md): from the test's start until the step that
 * ended it (succeeded when its alarm cleared, failed at the deadline, or canceled), open while it runs. The
 * alarm a test forces is expected, so what happens to the tested sensor in that window is marked as such
 * (no toast or alarm sound in the browser, issue 23).
 */
export type MaintenanceWindow = {
  deviceId: number;
  sensorId: string;
  startedAt: Date;
  /** The ending step's time; null while the test runs. */
  endedAt: Date | null;
};

/** Whether the device's sensor was under test at `at` (both ends included: the clearing tree ends the test). */
export function isUnderTest(
  windows: readonly MaintenanceWindow[],
  probe: { deviceId: number; sensorId: string; at: Date },
): boolean {
  const at = probe.at.getTime();
  return windows.some(
    (window) =>
      window.deviceId === probe.deviceId &&
      window.sensorId === probe.sensorId &&
      window.startedAt.getTime() <= at &&
      (window.endedAt === null || at <= window.endedAt.getTime()),
  );
}
