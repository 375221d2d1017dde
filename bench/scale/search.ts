import { highestHeld, nextDevices, type SearchConfig, searchEnding } from '../ingest/capacity-search';
import { runScaleStep, type ScaleContext, type ScaleStep } from './scale-step';

/** Bisection stops within 10 % above the highest load held, as bench:ingest's. */
export const RESOLUTION = 0.1;

/** The capacity search of one configuration (one instance, or two behind the shared subscription). */
export type ConfigurationResult = {
  instances: number;
  steps: ScaleStep[];
  /**
   * The highest load held: its devices, offered points a second and step number (1-based). Offered, not
   * stored: a step whose server lagged a little stores in its window some trees of the warm-up before it.
   */
  capacity: { devices: number; pointsPerSecond: number; step: number } | null;
  searchEnding: string;
};

/** The held step with the most devices, as the capacity; null when none held. */
export function capacityOf(steps: readonly ScaleStep[]): ConfigurationResult['capacity'] {
  const best = highestHeld(steps.map((step) => ({ devices: step.devices, held: step.verdict.held })));
  const step = best === null ? undefined : steps.find((s) => s.devices === best.devices && s.verdict.held);
  if (step === undefined) {
    return null;
  }
  return {
    devices: step.devices,
    pointsPerSecond: step.offeredPointsPerSecond,
    step: steps.indexOf(step) + 1,
  };
}

/** Raises the load from `startDevices` until the configuration falls behind, bisecting to within 10 %. */
export async function searchConfiguration(
  context: ScaleContext,
  startDevices: number,
  onStep: (step: ScaleStep, index: number) => void,
): Promise<ConfigurationResult> {
  const { options } = context;
  const search: SearchConfig = {
    startDevices,
    maxDevices: options.maxDevices,
    growth: options.growth,
    resolution: RESOLUTION,
    maxSteps: options.maxSteps,
  };
  const steps: ScaleStep[] = [];
  const history = () => steps.map((step) => ({ devices: step.devices, held: step.verdict.held }));
  for (let devices = nextDevices([], search); devices !== null; devices = nextDevices(history(), search)) {
    const step = await runScaleStep(context, devices, options.stepSeconds);
    steps.push(step);
    onStep(step, steps.length);
  }
  return {
    instances: context.instances.length,
    steps,
    capacity: capacityOf(steps),
    searchEnding: searchEnding(history(), search),
  };
}
