import { type DeviceIdentity, generateIdentities } from '@vigil/simulator';
import type pg from 'pg';
import { openDatabase } from '../../packages/server/src/db/database';
import type { BenchDatabase } from '../ingest/bench-database';
import { provisionDevices, provisionUnits } from '../ingest/provision';
import { startVigilServer, type VigilEnv, type VigilServer } from '../ingest/vigil-process';
import { getJson, postTree } from './graph-calls';
import { type HistoryDevice, type HistoryPlan, type LoadFigures, loadHistory } from './history-load';
import { DAY_MINUTES, MINUTE_MS, readingAt } from './history-values';
import { benchStateTree, type PlannedSensor, plannedSensorId, planSensors } from './sensor-plan';

/**
 * The bench's fleet: devices provisioned like real ones, one tree each through the ingest, and their history
 * loaded (history-load.ts); or, with --reuse, a database an earlier `--keep` run loaded, described by the
 * comment that run left on the database.
 */

const SEED = 1;
type Say = (line: string) => void;

/** A bench device as measured: its API id, its place in the fleet and its `sensors` keys. */
export type BenchDevice = { id: number; identity: DeviceIdentity; history: HistoryDevice };

export type Fleet = {
  identities: DeviceIdentity[];
  sensors: PlannedSensor[];
  /** Minutes of history (epoch minutes); `devices` filled in by findDevices once the server runs. */
  history: Omit<HistoryPlan, 'devices'>;
  load: LoadFigures & { seconds: number };
};

/** What a loaded database remembers of its load (COMMENT ON DATABASE): enough to measure it again. */
type FleetRecord = {
  bench: 'graphs';
  devices: number;
  sensors: number;
  fromMinute: number;
  toMinute: number;
  load: Fleet['load'];
};

function plannedFleet(record: Omit<FleetRecord, 'bench' | 'load'>): Omit<Fleet, 'load'> {
  return {
    identities: generateIdentities(record.devices, ['F500'], SEED),
    sensors: planSensors(record.sensors),
    history: { fromMinute: record.fromMinute, toMinute: record.toMinute },
  };
}

/** One tree per device through the HTTP ingest, with the readings of its history's minute `at`. */
export async function sendTrees(server: VigilServer, fleet: Omit<Fleet, 'load'>, at: Date): Promise<void> {
  const minute = Math.floor(at.getTime() / MINUTE_MS);
  for (const [position, identity] of fleet.identities.entries()) {
    const readingOf = (sensor: PlannedSensor) => readingAt(position, sensor, minute);
    await postTree(
      server.baseUrl,
      identity,
      JSON.stringify(benchStateTree(identity, fleet.sensors, readingOf, at)),
    );
  }
}

/** The devices' API ids and the `sensors` keys the ingest gave their sensors. */
export async function findDevices(
  server: VigilServer,
  token: string,
  client: pg.ClientBase,
  fleet: Omit<Fleet, 'load'>,
): Promise<BenchDevice[]> {
  const listed = await getJson<{ results: Array<{ id: number; udf_id: string }> }>(
    server.baseUrl,
    token,
    `devices/all/?limit=${fleet.identities.length}`,
  );
  const { rows } = await client.query<{ id: number; device_id: number; sensor_id: string }>(
    'select id, device_id, sensor_id from sensors where device_id = any($1::int[])',
    [listed.results.map((device) => device.id)],
  );
  const keys = new Map(rows.map((row) => [`${row.device_id}/${row.sensor_id}`, row.id]));
  return fleet.identities.map((identity, position) => {
    const id = listed.results.find((device) => device.udf_id === identity.udfId)?.id;
    if (id === undefined) {
      throw new Error(`device ${identity.udfId} is not listed by devices/all/`);
    }
    const sensors = fleet.sensors.map((sensor) => {
      const key = keys.get(`${id}/${plannedSensorId(identity.udfId, sensor)}`);
      if (key === undefined) {
        throw new Error(`the ingest made no sensors row for ${plannedSensorId(identity.udfId, sensor)}`);
      }
      return { key, sensor };
    });
    return { id, identity, history: { position, sensors } };
  });
}

/**
 * Provisions the devices (CLI and REST API, bench/ingest/provision.ts), sends each one tree, stops the server
 * (its roll-up job must not roll up minutes half loaded) and loads `days` of history ending at those trees.
 */
export async function prepareFleet(
  database: BenchDatabase,
  env: VigilEnv,
  client: pg.ClientBase,
  size: { devices: number; sensors: number; days: number },
  say: Say,
): Promise<Fleet> {
  const identities = generateIdentities(size.devices, ['F500'], SEED);
  await provisionUnits(env, identities);
  const server = await startVigilServer(env);
  const treeAt = new Date();
  const toMinute = Math.floor(treeAt.getTime() / MINUTE_MS);
  const planned = plannedFleet({ ...size, fromMinute: toMinute - size.days * DAY_MINUTES, toMinute });
  let devices: BenchDevice[];
  try {
    const token = await provisionDevices(server.baseUrl, identities);
    await sendTrees(server, planned, treeAt);
    devices = await findDevices(server, token, client, planned);
  } finally {
    await server.stop();
  }
  say(`Loading ${size.days} days of 1-minute history (server stopped) …`);
  const started = performance.now();
  const storage = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
  const plan: HistoryPlan = { devices: devices.map((device) => device.history), ...planned.history };
  const figures = await loadHistory(storage.db, client, plan, say).finally(() => storage.close());
  const load = { ...figures, seconds: (performance.now() - started) / 1000 };
  const record: FleetRecord = {
    bench: 'graphs',
    devices: size.devices,
    sensors: size.sensors,
    ...planned.history,
    load,
  };
  const name = (await client.query<{ name: string }>('select current_database() as name')).rows[0]?.name;
  await client.query(`COMMENT ON DATABASE "${name}" IS '${JSON.stringify(record).replaceAll("'", "''")}'`);
  return { ...planned, load };
}

/** The fleet an earlier run loaded into this database, from the comment it left there. */
export async function reuseFleet(client: pg.ClientBase): Promise<Fleet> {
  const { rows } = await client.query<{ comment: string | null }>(
    `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = current_database()`,
  );
  let record: Partial<FleetRecord> | null = null;
  try {
    record = JSON.parse(rows[0]?.comment ?? 'null') as Partial<FleetRecord> | null;
  } catch {
    record = null;
  }
  if (record?.bench !== 'graphs' || record.devices === undefined || record.load === undefined) {
    throw new Error('this database was not loaded by bench:graphs (run it with --keep first)');
  }
  return { ...plannedFleet(record as FleetRecord), load: (record as FleetRecord).load };
}
