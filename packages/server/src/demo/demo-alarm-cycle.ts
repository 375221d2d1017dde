import type { RunningSimulator } from '@vigil/simulator';

/**
 * The demo shows every state a person must recognise (issue 9): soon after start, and again every few minutes,
 * a bearing temperature of the main site's F500 drifts through the warning band into alarm and back to OK.
 */
export const DEMO_ALARM_CYCLE = {
  udfId: 'F5000001',
  firstAfterMs: 10_000,
  everyMs: 4 * 60_000,
  /** Warning after about a quarter of it, alarm from about a third to two thirds, OK again at four fifths. */
  seconds: 50,
} as const;

/** Starts the cycle; the returned function stops it. */
export function startDemoAlarmCycle(
  simulator: Pick<RunningSimulator, 'getDevice'>,
  log: (line: string) => void,
  cycle: { udfId: string; firstAfterMs: number; everyMs: number; seconds: number } = DEMO_ALARM_CYCLE,
): () => void {
  const run = () => {
    const started = simulator.getDevice(cycle.udfId)?.startScenario('temperature-drift', cycle.seconds);
    log(started ? `alarm cycle on ${started.target}` : `alarm cycle: nothing to drift on ${cycle.udfId}`);
  };
  let repeat: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    run();
    repeat = setInterval(run, cycle.everyMs);
    repeat.unref();
  }, cycle.firstAfterMs);
  first.unref();
  return () => {
    clearTimeout(first);
    clearInterval(repeat);
  };
}
