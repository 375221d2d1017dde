import { readdir, readFile } from 'node:fs/promises';

/** Kernel clock ticks per second for /proc CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU counters of the machine and of every `postgres` process, read from /proc (Linux only). */
export type UsageSample = { machineBusy: number; machineTotal: number; postgresTicks: Map<number, number> };

export type UsageFigures = {
  /** Share of all cores busy over the window (0..1). */
  machineBusy: number;
  /** CPU seconds per second (1.0 = one core) of all PostgreSQL processes on the machine. */
  postgresCores: number;
};

async function processTicks(pid: number): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** Null where /proc is not there (not Linux); the summary then leaves these figures out. */
export async function sampleUsage(): Promise<UsageSample | null> {
  try {
    const cpuLine = (await readFile('/proc/stat', 'utf8')).split('\n')[0] ?? '';
    const ticks = cpuLine.trim().split(/\s+/).slice(1).map(Number);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    const total = ticks.reduce((sum, value) => sum + value, 0);
    const postgresTicks = new Map<number, number>();
    for (const entry of await readdir('/proc')) {
      const pid = Number(entry);
      if (!Number.isInteger(pid)) {
        continue;
      }
      const comm = await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '');
      if (comm.trim() === 'postgres') {
        const spent = await processTicks(pid);
        if (spent !== null) {
          postgresTicks.set(pid, spent);
        }
      }
    }
    return { machineBusy: total - idle, machineTotal: total, postgresTicks };
  } catch {
    return null;
  }
}

/** Usage between two samples taken `seconds` apart; a process started in between counts in full. */
export function usageBetween(start: UsageSample, end: UsageSample, seconds: number): UsageFigures {
  let postgres = 0;
  for (const [pid, ticks] of end.postgresTicks) {
    postgres += ticks - (start.postgresTicks.get(pid) ?? 0);
  }
  const total = end.machineTotal - start.machineTotal;
  return {
    machineBusy: total > 0 ? (end.machineBusy - start.machineBusy) / total : 0,
    postgresCores: postgres / TICKS_PER_SECOND / seconds,
  };
}
