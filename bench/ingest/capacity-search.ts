/**
 * The capacity search of bench:ingest, without I/O: which offered load to try next, and whether the
 * server held a step. Loads are whole devices (each publishing `rate` trees of `sensors` points a second).
 */

/** When a step counts as held; the definition of falling behind, plus two guards. */
export type StepLimits = {
  /** Stored points at least this share of the points sent (0.98). */
  storedShare: number;
  /** p99 publish → stored (PUBACK) at most this (1,000 ms). */
  publishToStoredP99Ms: number;
  /** Trees sent at least this share of those offered: skipped or disconnected slots are load not carried. */
  sentShare: number;
  /** Event-loop lag p99 of the server under this (the embedded PGlite target, 100 ms); null: not judged. */
  eventLoopLagP99Ms: number | null;
};

export const STEP_LIMITS: StepLimits = {
  storedShare: 0.98,
  publishToStoredP99Ms: 1000,
  sentShare: 0.98,
  eventLoopLagP99Ms: null,
};

/** What one step is judged on. */
export type StepFigures = {
  /** Slots in the measured window: devices × rate × seconds. */
  offeredTrees: number;
  /** Trees published in the window (offered minus skipped and disconnected slots). */
  sentTrees: number;
  storedPoints: number;
  pointsPerTree: number;
  publishToStoredP99Ms: number | null;
  eventLoopLagP99Ms: number | null;
  /**
   * What the latency is measured to, in the reasons ('publish → stored' when absent). Through an external
   * broker the PUBACK is the broker's, so bench:scale judges publish → browser instead.
   */
  latencyLabel?: string;
};

export type StepVerdict = { held: boolean; reasons: string[] };

const percent = (share: number) => `${Math.floor(share * 1000) / 10} %`;
const millis = (ms: number) => `${Math.round(ms).toLocaleString('en-US')} ms`;

/** Held, or the reasons the server fell behind (every one that applies). */
export function judgeStep(figures: StepFigures, limits: StepLimits): StepVerdict {
  const reasons: string[] = [];
  const sentPoints = figures.sentTrees * figures.pointsPerTree;
  if (figures.sentTrees === 0) {
    reasons.push('nothing sent');
  } else if (figures.storedPoints < limits.storedShare * sentPoints) {
    reasons.push(`stored ${percent(figures.storedPoints / sentPoints)} of sent`);
  }
  if (figures.offeredTrees > 0 && figures.sentTrees < limits.sentShare * figures.offeredTrees) {
    reasons.push(`sent ${percent(figures.sentTrees / figures.offeredTrees)} of offered`);
  }
  if (figures.publishToStoredP99Ms === null) {
    if (figures.sentTrees > 0) {
      reasons.push(
        figures.latencyLabel === undefined ? 'no tree acknowledged' : `no ${figures.latencyLabel} measured`,
      );
    }
  } else if (figures.publishToStoredP99Ms > limits.publishToStoredP99Ms) {
    reasons.push(
      `p99 ${figures.latencyLabel ?? 'publish → stored'} ${millis(figures.publishToStoredP99Ms)} > ${millis(limits.publishToStoredP99Ms)}`,
    );
  }
  if (limits.eventLoopLagP99Ms !== null) {
    if (figures.eventLoopLagP99Ms === null) {
      reasons.push('event-loop lag not reported');
    } else if (figures.eventLoopLagP99Ms >= limits.eventLoopLagP99Ms) {
      reasons.push(
        `event-loop lag p99 ${millis(figures.eventLoopLagP99Ms)} ≥ ${millis(limits.eventLoopLagP99Ms)}`,
      );
    }
  }
  return { held: reasons.length === 0, reasons };
}

export type SearchConfig = {
  startDevices: number;
  /** The fleet provisioned: the search never offers more. */
  maxDevices: number;
  /** Factor between steps while every step held (1.5). */
  growth: number;
  /** Bisection stops once the first failed load is within this share above the last held (0.1). */
  resolution: number;
  /** Steps at most, growth and bisection together. */
  maxSteps: number;
};

export type SearchStep = { devices: number; held: boolean };

/** The highest load held, or null when none was. */
export function highestHeld<T extends SearchStep>(history: readonly T[]): T | null {
  let best: T | null = null;
  for (const step of history) {
    if (step.held && (best === null || step.devices > best.devices)) {
      best = step;
    }
  }
  return best;
}

/**
 * The devices of the next step, or null when the search is over. Grows by `growth` while every step
 * holds (up to the fleet), then bisects between the highest held and the lowest failed load above it;
 * when not even the first step held, halves it until one does. A held step above a failed one (a noisy
 * machine) counts: the search goes on above the highest held.
 */
export function nextDevices(history: readonly SearchStep[], config: SearchConfig): number | null {
  if (history.length === 0) {
    return Math.min(config.startDevices, config.maxDevices);
  }
  if (history.length >= config.maxSteps) {
    return null;
  }
  const held = highestHeld(history)?.devices ?? 0;
  const failedAbove = history.filter((step) => !step.held && step.devices > held).map((s) => s.devices);
  if (failedAbove.length === 0) {
    if (held >= config.maxDevices) {
      return null;
    }
    return Math.min(config.maxDevices, Math.max(held + 1, Math.round(held * config.growth)));
  }
  const failed = Math.min(...failedAbove);
  if (held === 0) {
    return failed <= 1 ? null : Math.floor(failed / 2);
  }
  if (failed - held <= Math.max(1, held * config.resolution)) {
    return null;
  }
  return Math.round((held + failed) / 2);
}

/** Why the search ended, in a few words, for the summary. */
export function searchEnding(history: readonly SearchStep[], config: SearchConfig): string {
  const held = highestHeld(history);
  if (held === null) {
    return 'no load held, down to one device';
  }
  if (held.devices >= config.maxDevices) {
    return `the whole fleet of ${config.maxDevices} devices held: capacity is at least this (raise --max-devices)`;
  }
  if (history.length >= config.maxSteps) {
    return `stopped after ${config.maxSteps} steps`;
  }
  return `the next load up failed within ${Math.round(config.resolution * 100)} % above it`;
}
