import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { postgresCpuSecondsBetween, sampleUsage } from './machine-usage';

export type CopyBaselineResult = {
  rows: number;
  batchRows: number;
  seconds: number;
  rowsPerSecond: number;
  /**
   * CPU time of all PostgreSQL processes per row written (µs) while the baseline ran, the server stopped:
   * what PostgreSQL itself pays to store one reading and nothing else. Null where /proc is not there.
   */
  postgresCpuMicrosPerRow: number | null;
};

export type CopyBaselinePlan = {
  /** The stored rows to model on: up to templateRows of those with ts in [templateFrom, templateTo). */
  templateFrom: Date;
  templateTo: Date;
  templateRows: number;
  /** Rows to write: the template repeated, whole seconds apart, as often as needed. */
  rows: number;
  batchRows: number;
  /** Copied rows get ts from here on, clear of the rows the server stored. */
  placeAt: Date;
};

/** Stored rows in COPY text form, split into their ts offset and the other columns. */
type Template = { columns: string[]; offsetsMs: number[]; rest: string[]; strideMs: number };

/** Writable columns of sensor_readings other than ts, whatever its shape is today. */
async function readingColumns(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'sensor_readings'
        AND is_identity = 'NO' AND is_generated = 'NEVER'
        AND coalesce(column_default, '') NOT LIKE 'nextval(%'
      ORDER BY ordinal_position`,
  );
  const columns = rows.map((row) => row.column_name);
  if (!columns.includes('ts')) {
    throw new Error('sensor_readings has no ts column');
  }
  return columns.filter((column) => column !== 'ts');
}

async function copyOut(client: pg.Client, sql: string): Promise<string> {
  const chunks: Buffer[] = [];
  const stream = client.query(copyTo(sql));
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Up to templateRows stored rows of the window (in storage order), their ts as offsets from the
 * earliest, and the stride the copies repeat at: the span rounded up to whole seconds. Any rows of the
 * window will do, so a second in which the server stored nothing changes nothing. Null: none stored.
 */
async function readTemplate(client: pg.Client, plan: CopyBaselinePlan): Promise<Template | null> {
  const columns = await readingColumns(client);
  const list = columns.map((column) => `"${column}"`).join(', ');
  const text = await copyOut(
    client,
    `COPY (SELECT (extract(epoch FROM ts) * 1000)::float8, ${list} FROM sensor_readings
       WHERE ts >= '${plan.templateFrom.toISOString()}' AND ts < '${plan.templateTo.toISOString()}'
       LIMIT ${Math.max(1, Math.floor(plan.templateRows))}) TO STDOUT`,
  );
  const at: number[] = [];
  const rest: string[] = [];
  for (const line of text.split('\n')) {
    const tab = line.indexOf('\t');
    if (tab > 0) {
      at.push(Math.floor(Number(line.slice(0, tab))));
      rest.push(line.slice(tab + 1));
    }
  }
  if (rest.length === 0) {
    return null;
  }
  const earliest = Math.min(...at);
  const offsetsMs = at.map((ms) => ms - earliest);
  const strideMs = Math.ceil((Math.max(...offsetsMs) + 1) / 1000) * 1000;
  return { columns, offsetsMs, rest, strideMs };
}

/** Rows first..first+count of the endless repetition of the template, a stride apart, as COPY text. */
function batchText(template: Template, plan: CopyBaselinePlan, first: number, count: number): string {
  const lines: string[] = [];
  const size = template.rest.length;
  const timestamps = new Map<number, string>();
  for (let i = first; i < first + count; i += 1) {
    const index = i % size;
    const at =
      plan.placeAt.getTime() + Math.floor(i / size) * template.strideMs + (template.offsetsMs[index] ?? 0);
    let ts = timestamps.get(at);
    if (ts === undefined) {
      ts = new Date(at).toISOString();
      timestamps.set(at, ts);
    }
    lines.push(`${ts}\t${template.rest[index]}`);
  }
  lines.push('');
  return lines.join('\n');
}

/**
 * The limit to compare the server with: the same number of rows as it stored, of the same shape and
 * values (its own rows, repeated with later timestamps), written into the same table by a plain
 * `COPY … FROM STDIN`, one transaction per batch of the server's size. Only the COPY and its
 * transaction are timed; building the text is not. Null when the window holds no row to model on.
 */
export async function runCopyBaseline(
  client: pg.Client,
  plan: CopyBaselinePlan,
): Promise<CopyBaselineResult | null> {
  const template = await readTemplate(client, plan);
  if (template === null || plan.rows <= 0) {
    return null;
  }
  const columns = ['ts', ...template.columns].map((column) => `"${column}"`).join(', ');
  let timedMs = 0;
  const usageBefore = await sampleUsage();
  for (let first = 0; first < plan.rows; first += plan.batchRows) {
    const text = batchText(template, plan, first, Math.min(plan.batchRows, plan.rows - first));
    const started = performance.now();
    await client.query('BEGIN');
    await pipeline(
      Readable.from([Buffer.from(text)]),
      client.query(copyFrom(`COPY sensor_readings (${columns}) FROM STDIN`)),
    );
    await client.query('COMMIT');
    timedMs += performance.now() - started;
  }
  const usageAfter = await sampleUsage();
  const seconds = timedMs / 1000;
  return {
    rows: plan.rows,
    batchRows: plan.batchRows,
    seconds,
    rowsPerSecond: seconds > 0 ? plan.rows / seconds : 0,
    postgresCpuMicrosPerRow:
      usageBefore === null || usageAfter === null
        ? null
        : (postgresCpuSecondsBetween(usageBefore, usageAfter) * 1e6) / plan.rows,
  };
}

/** Removes the baseline's rows from a database the bench does not drop. */
export async function removeBaselineRows(client: pg.Client, placeAt: Date): Promise<void> {
  await client.query('DELETE FROM sensor_readings WHERE ts >= $1', [placeAt.toISOString()]);
}
