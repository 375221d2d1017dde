import { readdir, readFile } from 'node:fs/promises';

/** Kernel clock ticks per second for /proc CPU times (USER_HZ, 100 on Linux). */
export const TICKS_PER_SECOND = 100;

/** CPU counters of the machine and of every `postgres` process, read from /proc (Linux only). */
export type UsageSample = {
  machineBusy: number;
  machineTotal: number;
  postgresTicks: Map<number, number>;
  /** Nanoseconds the watched process's threads were runnable but waiting for a CPU; null: not read. */
  waitNs: number | null;
};

export type UsageFigures = {
  /** Share of all cores busy over the window (0..1). */
  machineBusy: number;
  /** CPU seconds per second (1.0 = one core) of all PostgreSQL processes on the machine. */
  postgresCores: number;
  /**
   * Seconds per second the watched process (the server) was ready to run but waited for a CPU, summed
   * over its threads: 0.5 = for every second, half a second of work was held up by other processes.
   */
  waitingCores: number | null;
};

/** CPU time (user + system) of one process in clock ticks; null when it is gone. */
export async function processTicks(pid: number): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** Run-queue wait of every thread of a process (/proc/<pid>/task/<tid>/schedstat, second field). */
async function processWaitNs(pid: number): Promise<number | null> {
  try {
    let waited = 0;
    for (const task of await readdir(`/proc/${pid}/task`)) {
      const schedstat = await readFile(`/proc/${pid}/task/${task}/schedstat`, 'utf8').catch(() => '');
      waited += Number(schedstat.split(' ')[1] ?? 0) || 0;
    }
    return waited;
  } catch {
    return null;
  }
}

/**
 * Null where /proc is not there (not Linux); the summary then leaves these figures out. `watchPid`: the
 * process whose wait for a CPU is read too.
 */
export async function sampleUsage(watchPid?: number): Promise<UsageSample | null> {
  try {
    const cpuLine = (await readFile('/proc/stat', 'utf8')).split('\n')[0] ?? '';
    const ticks = cpuLine.trim().split(/\s+/).slice(1).map(Number);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    const total = ticks.reduce((sum, value) => sum + value, 0);
    const postgresTicks = await ticksOfProcesses(await findProcesses('postgres'));
    const waitNs = watchPid === undefined ? null : await processWaitNs(watchPid);
    return { machineBusy: total - idle, machineTotal: total, postgresTicks, waitNs };
  } catch {
    return null;
  }
}

/** Pids of the processes whose command name (/proc/<pid>/comm) is `comm`, e.g. postgres or redis-server. */
export async function findProcesses(comm: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) {
      continue;
    }
    const name = await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '');
    if (name.trim() === comm) {
      pids.push(pid);
    }
  }
  return pids;
}

/** CPU ticks of each process still there. */
export async function ticksOfProcesses(pids: readonly number[]): Promise<Map<number, number>> {
  const ticks = new Map<number, number>();
  for (const pid of pids) {
    const spent = await processTicks(pid);
    if (spent !== null) {
      ticks.set(pid, spent);
    }
  }
  return ticks;
}

/** Usage between two samples taken `seconds` apart; a process started in between counts in full. */
export function usageBetween(start: UsageSample, end: UsageSample, seconds: number): UsageFigures {
  const total = end.machineTotal - start.machineTotal;
  return {
    machineBusy: total > 0 ? (end.machineBusy - start.machineBusy) / total : 0,
    postgresCores: postgresCpuSecondsBetween(start, end) / seconds,
    waitingCores:
      start.waitNs === null || end.waitNs === null ? null : (end.waitNs - start.waitNs) / 1e9 / seconds,
  };
}

/** CPU seconds all PostgreSQL processes spent between two samples (a process started in between counts in full). */
export function postgresCpuSecondsBetween(start: UsageSample, end: UsageSample): number {
  let ticks = 0;
  for (const [pid, spent] of end.postgresTicks) {
    ticks += spent - (start.postgresTicks.get(pid) ?? 0);
  }
  return ticks / TICKS_PER_SECOND;
}
