// bench:dashboard's verdict (issue 24): the dashboard against the floor of drawing the same readings, measured in
// the same run on the same machine, not against an absolute number of milliseconds.
import type { UpdateSummary } from './windows';

/** The most the dashboard may cost per update, as a multiple of the plain cards' cost at p50 and at p95. */
export const LIMIT_RATIO = 1.3;
/** The steps the target names: a device of 500 and one of 1,000 sensors. */
export const TARGET_STEPS = [500, 1000] as const;

export type StepRatio = {
  sensors: number;
  /** Dashboard p50 ÷ plain cards p50 (main-thread time per update); null when either is missing. */
  p50: number | null;
  p95: number | null;
  holds: boolean;
};

export type Verdict = {
  steps: StepRatio[];
  /** Target steps that were not measured (not asked for, or over the message limit). */
  missing: number[];
  isPass: boolean;
};

const round2 = (value: number) => Math.round(value * 100) / 100;

const ratioOf = (page: number | null, floor: number | null) =>
  page === null || floor === null || floor <= 0 ? null : round2(page / floor);

/** One step's ratios to its floor; it holds when both are at most LIMIT_RATIO. */
export function stepRatio(sensors: number, dashboard: UpdateSummary, plainCards: UpdateSummary): StepRatio {
  const p50 = ratioOf(dashboard.p50Ms, plainCards.p50Ms);
  const p95 = ratioOf(dashboard.p95Ms, plainCards.p95Ms);
  return {
    sensors,
    p50,
    p95,
    holds: p50 !== null && p95 !== null && p50 <= LIMIT_RATIO && p95 <= LIMIT_RATIO,
  };
}

/** PASS when every target step was measured and every measured step holds. */
export function judge(steps: StepRatio[]): Verdict {
  const measured = new Set(steps.map((step) => step.sensors));
  const missing = TARGET_STEPS.filter((sensors) => !measured.has(sensors));
  return {
    steps,
    missing,
    isPass: missing.length === 0 && steps.length > 0 && steps.every((step) => step.holds),
  };
}

/** bench:visual's verdict (issue 25): one page against its floor of the same run. */
export type FloorVerdict = {
  /** The page's p95 ÷ the floor's p95 (main-thread time per update); null when either is missing. */
  p95Ratio: number | null;
  p50Ratio: number | null;
  droppedFrames: number;
  floorDroppedFrames: number;
  isPass: boolean;
};

/** PASS when the page's p95 is at most LIMIT_RATIO × the floor's and it dropped no more frames than the floor. */
export function judgeAgainstFloor(page: UpdateSummary, floor: UpdateSummary): FloorVerdict {
  const p95Ratio = ratioOf(page.p95Ms, floor.p95Ms);
  return {
    p95Ratio,
    p50Ratio: ratioOf(page.p50Ms, floor.p50Ms),
    droppedFrames: page.droppedFrames,
    floorDroppedFrames: floor.droppedFrames,
    isPass: p95Ratio !== null && p95Ratio <= LIMIT_RATIO && page.droppedFrames <= floor.droppedFrames,
  };
}
