import type { CopyBaselineResult } from './copy-baseline';
import type { FloorStep } from './receive-floor';
import type { StepResult } from './run-step';

/**
 * The machine's CPU per point at the capacity target (share × COPY rows/s), against what is already
 * spoken for there: the load generator and a bare broker's receiving and parsing (the receiving floor's
 * cheapest held step per point) and PostgreSQL's own COPY of the row (the baseline's CPU per row). What
 * is left is all a server may spend on everything else a reading needs: validation, the latest tree,
 * events, roll-ups, the live feed, transactions. Beside it, what the server and PostgreSQL spent on that
 * at the capacity found. Every figure in µs of one core per point.
 */
export type CpuBudget = {
  share: number;
  targetPointsPerSecond: number;
  cpus: number;
  budgetMicros: number;
  generatorMicros: number;
  receivingMicros: number;
  copyMicros: number;
  leftMicros: number;
  /** Server and PostgreSQL CPU per stored point at capacity, less receiving and COPY; null: not measured. */
  restAtCapacityMicros: number | null;
};

type CapacityUsage = Pick<StepResult, 'serverCores' | 'postgresCores' | 'stored'>;

const perPoint = (cores: number, pointsPerSecond: number) => (cores / pointsPerSecond) * 1e6;

/** Null when the COPY CPU or a held floor step is missing: then there is nothing to add up. */
export function cpuBudget(input: {
  share: number;
  cpus: number;
  copy: CopyBaselineResult | null;
  floorSteps: FloorStep[];
  capacity: CapacityUsage | null;
}): CpuBudget | null {
  const { share, cpus, copy, capacity } = input;
  const held = input.floorSteps.filter((step) => step.held && step.receivedPointsPerSecond > 0);
  if (
    copy === null ||
    copy.postgresCpuMicrosPerRow === null ||
    held.length === 0 ||
    copy.rowsPerSecond <= 0
  ) {
    return null;
  }
  const generatorMicros = Math.min(
    ...held.map((step) => perPoint(step.generatorCores, step.receivedPointsPerSecond)),
  );
  const receivingMicros = Math.min(
    ...held.map((step) => perPoint(step.receiverCores, step.receivedPointsPerSecond)),
  );
  const copyMicros = copy.postgresCpuMicrosPerRow;
  const targetPointsPerSecond = share * copy.rowsPerSecond;
  const budgetMicros = perPoint(cpus, targetPointsPerSecond);
  const stored = capacity?.stored.pointsPerSecond ?? null;
  const restAtCapacityMicros =
    capacity === null ||
    stored === null ||
    stored <= 0 ||
    capacity.serverCores === null ||
    capacity.postgresCores === null
      ? null
      : perPoint(capacity.serverCores + capacity.postgresCores, stored) - receivingMicros - copyMicros;
  return {
    share,
    targetPointsPerSecond,
    cpus,
    budgetMicros,
    generatorMicros,
    receivingMicros,
    copyMicros,
    leftMicros: budgetMicros - generatorMicros - receivingMicros - copyMicros,
    restAtCapacityMicros,
  };
}
