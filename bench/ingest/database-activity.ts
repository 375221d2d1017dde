import type pg from 'pg';

/** How often a backend of the bench database was seen doing one thing, as a share of the samples. */
export type ActivityShare = { what: string; share: number };

export type DatabaseActivity = { samples: number; top: ActivityShare[] };

const SAMPLE_EVERY_MS = 100;

/** A statement's first words (`insert into "device_state"`, `COPY sensor_readings`), enough to name it. */
export function statementLabel(query: string): string {
  const flat = query.replace(/\s+/g, ' ').trim();
  const head = flat.split(/[(]/)[0] ?? flat;
  return head.slice(0, 60).trim();
}

/** Tallies samples into shares, most frequent first. */
export function shareOf(counts: Map<string, number>, samples: number, limit: number): ActivityShare[] {
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([what, count]) => ({ what, share: samples === 0 ? 0 : count / samples }));
}

/**
 * A poor man's profiler of the database side: every 100 ms, what each session of the bench database is
 * doing (pg_stat_activity) — a statement, or `idle in transaction` while the server holds a transaction
 * open between statements (its own work inside the write batch). A share of 0.5 means a session was
 * seen doing that in half the samples.
 */
export class ActivitySampler {
  private readonly counts = new Map<string, number>();
  private samples = 0;
  private timer: NodeJS.Timeout | undefined;
  private pending: Promise<void> = Promise.resolve();

  constructor(private readonly client: pg.Client) {}

  start(): void {
    let busy = false;
    this.timer = setInterval(() => {
      // One query at a time on the client: on a slow database a tick is skipped, not stacked.
      if (busy) {
        return;
      }
      busy = true;
      // A failed sample (the server restarting) is simply not counted.
      this.pending = this.sample()
        .catch(() => undefined)
        .finally(() => {
          busy = false;
        });
    }, SAMPLE_EVERY_MS);
  }

  async stop(): Promise<DatabaseActivity> {
    clearInterval(this.timer);
    await this.pending;
    return { samples: this.samples, top: shareOf(this.counts, this.samples, 6) };
  }

  private async sample(): Promise<void> {
    const { rows } = await this.client.query<{ state: string; query: string; wait: string | null }>(
      `SELECT state, query, wait_event_type || ':' || wait_event AS wait FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle'`,
    );
    this.samples += 1;
    for (const row of rows) {
      const what =
        row.state === 'active'
          ? `${statementLabel(row.query)}${row.wait === null ? '' : ` [${row.wait}]`}`
          : row.state;
      this.counts.set(what, (this.counts.get(what) ?? 0) + 1);
    }
  }
}
