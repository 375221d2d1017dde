import { readFile } from 'node:fs/promises';
import { TICKS_PER_SECOND, ticksOfProcesses } from '../ingest/machine-usage';

/** A part of the installation whose CPU is read from /proc: the processes it has at the time of a sample. */
export type Component = { name: string; pids: () => Promise<number[]> };

/** CPU ticks of each component's processes, and the machine's busy and total ticks. */
export type ComponentSample = {
  machineBusy: number;
  machineTotal: number;
  ticks: Map<string, Map<number, number>>;
};

/** Cores (CPU seconds a second) each component used between two samples, and the machine's busy share. */
export type ComponentCores = { machineBusy: number; cores: Record<string, number> };

async function machineTicks(): Promise<{ busy: number; total: number }> {
  const cpuLine = (await readFile('/proc/stat', 'utf8')).split('\n')[0] ?? '';
  const ticks = cpuLine.trim().split(/\s+/).slice(1).map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  const total = ticks.reduce((sum, value) => sum + value, 0);
  return { busy: total - idle, total };
}

/** Reads /proc once for every component; null where /proc is not there (not Linux). */
export async function sampleComponents(components: readonly Component[]): Promise<ComponentSample | null> {
  try {
    const machine = await machineTicks();
    const ticks = new Map<string, Map<number, number>>();
    for (const component of components) {
      ticks.set(component.name, await ticksOfProcesses(await component.pids()));
    }
    return { machineBusy: machine.busy, machineTotal: machine.total, ticks };
  } catch {
    return null;
  }
}

/**
 * Cores of each component between two samples `seconds` apart. A process seen only at the end started in
 * between and counts in full; one seen only at the start ended in between and its last ticks are lost.
 */
export function componentCoresBetween(
  start: ComponentSample,
  end: ComponentSample,
  seconds: number,
): ComponentCores {
  const cores: Record<string, number> = {};
  for (const [name, endTicks] of end.ticks) {
    const startTicks = start.ticks.get(name) ?? new Map<number, number>();
    let spent = 0;
    for (const [pid, ticks] of endTicks) {
      spent += ticks - (startTicks.get(pid) ?? 0);
    }
    cores[name] = spent / TICKS_PER_SECOND / seconds;
  }
  const total = end.machineTotal - start.machineTotal;
  return { machineBusy: total > 0 ? (end.machineBusy - start.machineBusy) / total : 0, cores };
}

/** µs of one core per unit (point, frame) for each component: cores ÷ units per second. */
export function microsPerUnit(
  cores: Record<string, number>,
  unitsPerSecond: number,
): Record<string, number> | null {
  if (!(unitsPerSecond > 0)) {
    return null;
  }
  return Object.fromEntries(
    Object.entries(cores).map(([name, value]) => [name, (value / unitsPerSecond) * 1e6]),
  );
}

/** Every component's cores over `seconds` of no load from the bench: the machine's background. */
export async function measureIdle(
  components: readonly Component[],
  seconds: number,
): Promise<ComponentCores | null> {
  const start = await sampleComponents(components);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const end = await sampleComponents(components);
  return start === null || end === null ? null : componentCoresBetween(start, end, seconds);
}

/** The 1, 5 and 15 minute load averages (/proc/loadavg); null off Linux. */
export async function loadAverage(): Promise<[number, number, number] | null> {
  try {
    const [one, five, fifteen] = (await readFile('/proc/loadavg', 'utf8')).split(' ').map(Number);
    return [one ?? 0, five ?? 0, fifteen ?? 0];
  } catch {
    return null;
  }
}
