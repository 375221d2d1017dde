import { NOTIFICATION_TYPE_LABELS } from '@vigil/contracts';
import type pg from 'pg';
import { openDatabase } from '../../packages/server/src/db/database';
import { createMailer } from '../../packages/server/src/mail/mailer';
import {
  ESCALATION_BATCH,
  EscalationEngine,
} from '../../packages/server/src/modules/escalation/escalation-engine';
import { SUPER_USER } from './calls';
import {
  ALARM_SPREAD_MS,
  benchPolicyLevels,
  type EscalationTickResult,
  tickFigures,
  tickVerdict,
} from './escalation-summary';
import { explain } from './explain';
import type { SeedRecord } from './seed';

/**
 * The escalation tick over the seeded log (issue 27): `alarms` active unacknowledged alarm_on notifications at the
 * bench's sites, each with level 1 of its site's policy due, then the server's own EscalationEngine (in this
 * process, on its own pool, the real outbox mailer: the e-mails are queued and never sent, no dispatcher runs)
 * ticks until no step is due. Before each tick, the floor: the claim's SELECT alone. Everything added is deleted
 * at the end (the ids above the log's last one), so a kept database measures the same again with --reuse.
 */

type Say = (line: string) => void;

/** The claim's lookup (escalation.repo.ts claimDueSteps) without the work: same WHERE, order, LIMIT; ids only. */
export const DUE_FLOOR_SQL = `SELECT id FROM escalation_steps
  WHERE state = 'pending' AND due_at <= $1 ORDER BY due_at, id LIMIT $2`;
/** The claim itself, as the engine sends it (Drizzle's SQL, same clauses), for EXPLAIN. */
const CLAIM_SQL = `SELECT id, notification_id, location_id, level, due_at FROM escalation_steps
  WHERE state = 'pending' AND due_at <= $1 ORDER BY due_at, id LIMIT $2 FOR UPDATE SKIP LOCKED`;

/** $1 the ticks' clock, $2 alarms, $3 device ids, $4 their sites, $5 their titles, $6 spread (ms). */
const ALARMS_SQL = `WITH made AS (
  INSERT INTO notifications (event_type, location_id, device_id, device_title, sensor_id, sensor_name, content,
    value, is_active, date_created, dispatched_at)
  SELECT 'alarm_on', ($4::int[])[k], ($3::int[])[k], ($5::text[])[k], 'net1.n01.' || (1 + i % 4),
    'Gas detector ' || (1 + i % 24),
    'Gas detector ' || (1 + i % 24) || ' on ' || ($5::text[])[k] || ': ' || $7::text, '42 %LEL', true,
    $1::timestamptz - ($2::int - i) * ($6::float8 / $2::int) * interval '1 millisecond', $1::timestamptz
  FROM generate_series(0, $2::int - 1) AS i, LATERAL (SELECT 1 + i % cardinality($3::int[]) AS k) AS pick
  RETURNING id, location_id, date_created)
INSERT INTO escalation_steps (notification_id, location_id, level, due_at)
SELECT id, location_id, 1, date_created FROM made`;

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

async function seedAlarms(client: pg.ClientBase, seed: SeedRecord, alarms: number, at: Date) {
  const sites = seed.sites.map((site) => site.id);
  const { rows: person } = await client.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [
    SUPER_USER.email,
  ]);
  const policies = sites.map((locationId, index) => ({
    locationId,
    levels: benchPolicyLevels(index + 1, person[0]?.id ?? 0),
  }));
  await client.query(
    `INSERT INTO escalation_policies (location_id, enabled, levels)
     SELECT (p->>'locationId')::int, true, p->'levels' FROM jsonb_array_elements($1::jsonb) AS p
     ON CONFLICT (location_id) DO UPDATE SET enabled = true, levels = excluded.levels`,
    [JSON.stringify(policies)],
  );
  const { rows: devices } = await client.query<{ id: number; location_id: number; title: string }>(
    'SELECT id, location_id, title FROM devices WHERE location_id = ANY($1) ORDER BY location_id, id',
    [sites],
  );
  await client.query(ALARMS_SQL, [
    at.toISOString(),
    alarms,
    devices.map((d) => d.id),
    devices.map((d) => d.location_id),
    devices.map((d) => d.title),
    ALARM_SPREAD_MS,
    NOTIFICATION_TYPE_LABELS.alarm_on,
  ]);
  // As autovacuum would have by then: statistics, and the visibility map an index-only lookup needs.
  await client.query('VACUUM (ANALYZE) escalation_steps');
  await client.query('ANALYZE notifications');
}

/**
 * Deletes what the run added. The alarms go with foreign-key triggers off for this transaction (the bench
 * connects as a superuser): notifications.forebear_id has no index, so each deleted row's ON DELETE SET NULL would
 * scan the whole log (10,000 scans of 5 million rows); nothing points at these new alarms, and their steps are
 * deleted first by hand.
 */
async function cleanUp(client: pg.ClientBase, seed: SeedRecord, lastIdBefore: number, outboxBefore: number) {
  await client.query('BEGIN');
  try {
    await client.query('SET LOCAL session_replication_role = replica');
    await client.query(
      'DELETE FROM escalation_steps WHERE notification_id IN (SELECT id FROM notifications WHERE id > $1)',
      [lastIdBefore],
    );
    await client.query('DELETE FROM notifications WHERE id > $1', [lastIdBefore]);
    await client.query('DELETE FROM mail_outbox WHERE id > $1', [outboxBefore]);
    await client.query('DELETE FROM escalation_policies WHERE location_id = ANY($1)', [
      seed.sites.map((site) => site.id),
    ]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

async function checkOutcome(client: pg.ClientBase, outboxBefore: number) {
  const { rows } = await client.query<{ sent: string; next: string; due: string; mails: string }>(
    `SELECT (SELECT count(*) FROM escalation_steps WHERE level = 1 AND state = 'sent') AS sent,
       (SELECT count(*) FROM escalation_steps WHERE level = 2 AND state = 'pending') AS next,
       (SELECT count(*) FROM escalation_steps WHERE level = 1 AND state <> 'sent') AS due,
       (SELECT count(*) FROM mail_outbox WHERE id > $1 AND kind = 'escalation') AS mails`,
    [outboxBefore],
  );
  const row = rows[0];
  return {
    sent: Number(row?.sent ?? 0),
    nextStored: Number(row?.next ?? 0),
    notSent: Number(row?.due ?? 0),
    mailsQueued: Number(row?.mails ?? 0),
  };
}

export async function measureEscalationTick(
  url: string,
  client: pg.ClientBase,
  seed: SeedRecord,
  alarms: number,
  say: Say,
): Promise<EscalationTickResult> {
  const at = new Date();
  const { rows: outbox } = await client.query<{ id: number | null }>('SELECT max(id) AS id FROM mail_outbox');
  const outboxBefore = outbox[0]?.id ?? 0;
  const { rows: last } = await client.query<{ id: string | null }>('SELECT max(id) AS id FROM notifications');
  const lastIdBefore = Number(last[0]?.id ?? 0);
  say(`Escalation tick: seeding ${alarms.toLocaleString('en-US')} active alarms with level 1 due …`);
  const storage = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  try {
    await seedAlarms(client, seed, alarms, at);
    const plans = [
      await explain(client, 'escalation floor (claim lookup)', DUE_FLOOR_SQL, [at, ESCALATION_BATCH]),
      await explain(client, 'escalation claim', CLAIM_SQL, [at, ESCALATION_BATCH]),
    ];
    const engine = new EscalationEngine({
      db: storage.db,
      mailer: createMailer(storage.db),
      publicUrl: 'https://vigil.bench.test/',
      log: { error: (object, message) => say(`  escalation error: ${message} ${JSON.stringify(object)}`) },
      now: () => at,
    });
    const tickMs: number[] = [];
    const cpuMs: number[] = [];
    const floorMs: number[] = [];
    for (;;) {
      const floor = await timed(() => client.query(DUE_FLOOR_SQL, [at, ESCALATION_BATCH]));
      if (floor.value.rows.length === 0) {
        break;
      }
      floorMs.push(floor.ms);
      const cpu = process.cpuUsage();
      const tick = await timed(() => engine.fireDue());
      const used = process.cpuUsage(cpu);
      tickMs.push(tick.ms);
      cpuMs.push((used.user + used.system) / 1000);
      if (tickMs.length % 50 === 0) {
        say(`  ${tickMs.length} ticks, ${Math.round(tickMs.reduce((sum, ms) => sum + ms, 0))} ms`);
      }
    }
    const outcome = await checkOutcome(client, outboxBefore);
    if (outcome.sent !== alarms || outcome.notSent !== 0 || outcome.nextStored !== alarms) {
      throw new Error(
        `escalation tick: ${outcome.sent} of ${alarms} level 1 sent, ${outcome.notSent} not, ${outcome.nextStored} level 2 stored`,
      );
    }
    const tick = tickFigures(tickMs);
    const floor = tickFigures(floorMs);
    return {
      alarms,
      sites: seed.sites.length,
      batch: ESCALATION_BATCH,
      tick,
      tickCpu: tickFigures(cpuMs),
      floor,
      sent: outcome.sent,
      nextStored: outcome.nextStored,
      mailsQueued: outcome.mailsQueued,
      plans,
      verdict: tickVerdict(tick.p95Ms, floor.p95Ms),
    };
  } finally {
    await storage.close();
    await cleanUp(client, seed, lastIdBefore, outboxBefore);
  }
}
