import { readFile } from 'node:fs/promises';
import type pg from 'pg';
import { fetchServerMetrics } from '../ingest/server-metrics';
import type { VigilServer } from '../ingest/vigil-process';

/**
 * CPU spent per graph call: the Vigil server's own (its /metrics) and that of the PostgreSQL sessions of the
 * bench database (/proc of each backend in pg_stat_activity), so other work on the machine does not count. On a
 * busy machine the latencies grow, these much less: they are the figure to compare between machines.
 */

/** Kernel clock ticks per second for /proc CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

export type CostSample = { serverSeconds: number | null; databaseTicks: Map<number, number> | null };
export type CallCost = { serverMs: number | null; databaseMs: number | null };

async function ticksOf(pid: number): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** CPU so far of the server and of every session of the bench database (null where /proc is not there). */
export async function sampleCost(server: VigilServer, client: pg.ClientBase): Promise<CostSample> {
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  const databaseTicks = new Map<number, number>();
  for (const { pid } of rows) {
    const ticks = await ticksOf(pid);
    if (ticks !== null) {
      databaseTicks.set(pid, ticks);
    }
  }
  const metrics = await fetchServerMetrics(server);
  return {
    serverSeconds: metrics.cpuSeconds,
    databaseTicks: databaseTicks.size === 0 ? null : databaseTicks,
  };
}

/** CPU milliseconds per call between two samples; a session opened in between counts from its start. */
export function costPerCall(start: CostSample, end: CostSample, calls: number): CallCost {
  if (calls <= 0) {
    return { serverMs: null, databaseMs: null };
  }
  const serverMs =
    start.serverSeconds === null || end.serverSeconds === null
      ? null
      : ((end.serverSeconds - start.serverSeconds) * 1000) / calls;
  let databaseMs: number | null = null;
  if (end.databaseTicks !== null) {
    let ticks = 0;
    for (const [pid, spent] of end.databaseTicks) {
      ticks += spent - (start.databaseTicks?.get(pid) ?? 0);
    }
    databaseMs = ((ticks / TICKS_PER_SECOND) * 1000) / calls;
  }
  return { serverMs, databaseMs };
}
