import { deviceClientId, type StateTree } from '@vigil/contracts';
import { type DeviceIdentity, SimulatedDevice } from '@vigil/simulator';
import { asc, eq } from 'drizzle-orm';
import { connect, type IClientOptions, type MqttClient } from 'mqtt';
import type { Database } from '../src/db/database';
import type { DeviceRow } from '../src/db/tables/devices.table';
import { sensorReadings } from '../src/db/tables/sensor-readings.table';
import { sensors } from '../src/db/tables/sensors.table';
import type { LocationRow } from '../src/db/tables/sites.table';
import { getDeviceById } from '../src/modules/devices/devices.repo';
import { type EmbeddedBroker, startEmbeddedBroker } from '../src/modules/ingest/embedded-broker';
import type { IngestService } from '../src/modules/ingest/ingest.service';
import { buildClient, buildDevice, buildSite } from './factories';

/** Telemetry test helpers: provisioned devices, their trees, MQTT connections and the broker. */

/** How long a test waits for an event before calling it hung: a guard, never an expected duration. */
export const WAIT_CEILING_MS = 120_000;

export const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

export type TestDevice = { device: DeviceRow; site: LocationRow; identity: DeviceIdentity };

export async function provisionDevice(
  db: Database,
  options: { site?: LocationRow; suspended?: boolean } = {},
): Promise<TestDevice> {
  const site = options.site ?? (await buildSite(db, await buildClient(db)));
  const device = await buildDevice(db, site, { isSuspended: options.suspended ?? false });
  const identity: DeviceIdentity = {
    serialNumber: device.serialNumber,
    code: device.code,
    deviceType: device.deviceType,
    udfId: device.udfId,
  };
  return { device, site, identity };
}

/** Rows of the sensors dictionary for the device's sensor ids; answers their keys, in the order given. */
export async function insertSensors(db: Database, deviceId: number, sensorIds: string[]): Promise<number[]> {
  const rows = await db
    .insert(sensors)
    .values(sensorIds.map((sensorId) => ({ deviceId, sensorId })))
    .returning();
  const keys = new Map(rows.map((row) => [row.sensorId, row.id]));
  return sensorIds.map((sensorId) => keys.get(sensorId) as number);
}

/** A valid state tree of the device, as the simulator (and so a gateway) sends it. */
export function treeOf(identity: DeviceIdentity, seed = 1): string {
  const simulated = new SimulatedDevice(identity, { seed, rate: 1, scenarioChance: 0 });
  simulated.step();
  return simulated.serialiseStateTree();
}

/** A tree as the portal keeps and sends it: its device.accessCode blanked (docs/device-protocol.md). */
export function storedTreeOf(json: string): StateTree {
  const tree = JSON.parse(json) as StateTree;
  return { ...tree, device: { ...tree.device, accessCode: '' } };
}

/** The frame a browser's socket gets for a tree the device sent (the simulator's, which the fast path takes). */
export function liveFrameOf(json: string): string {
  return JSON.stringify(storedTreeOf(json));
}

/** The device's tree with groups nested `levels` deep (1,000 levels is about 70 KB, under the 256 KB cap). */
export function deepTreeOf(identity: DeviceIdentity, levels: number): string {
  const tree = JSON.parse(treeOf(identity));
  let groups: object[] | null = null;
  for (let level = levels; level >= 1; level--) {
    groups = [{ Id: level, Name: `Level ${level}`, Status: 'OK', Alarm: false, sensors: [], groups }];
  }
  return JSON.stringify({ ...tree, groups });
}

/** The device's tree with `count` empty groups (80,000 is 240 KB). */
export function wideTreeOf(identity: DeviceIdentity, count: number): string {
  const tree = JSON.parse(treeOf(identity));
  return JSON.stringify({ ...tree, groups: Array.from({ length: count }, () => ({})) });
}

/** The device's tree with an extra field of arrays nested `levels` deep (JSON text, never parsed here). */
export function deepExtraTreeOf(identity: DeviceIdentity, levels: number): string {
  return `${treeOf(identity).slice(0, -1)},"extra":${'['.repeat(levels)}${']'.repeat(levels)}}`;
}

export async function startTestBroker(ingest: IngestService): Promise<EmbeddedBroker & { url: string }> {
  const broker = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', ingest, log: silentLog });
  return { ...broker, url: `mqtt://127.0.0.1:${broker.port}` };
}

/** Connects as the device with its client id (no automatic reconnect); rejects with the broker's refusal. */
export function connectDevice(
  url: string,
  identity: Pick<DeviceIdentity, 'serialNumber' | 'code' | 'udfId'>,
  options: IClientOptions = {},
): Promise<MqttClient> {
  const client = connect(url, {
    clientId: deviceClientId(identity.udfId),
    username: identity.serialNumber,
    password: identity.code,
    reconnectPeriod: 0,
    // A refusal comes back at once in the CONNACK; this is only a hang guard.
    connectTimeout: WAIT_CEILING_MS,
    ...options,
  });
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve(client));
    client.once('error', (error) => {
      client.end(true);
      reject(error);
    });
  });
}

export function waitForClose(client: MqttClient): Promise<void> {
  return client.connected
    ? new Promise((resolve) => client.once('close', () => resolve()))
    : Promise.resolve();
}

/** Polls until the check holds; throws only past the ceiling (a hang guard for a busy machine). */
export async function waitFor(
  check: () => Promise<boolean> | boolean,
  timeoutMs = WAIT_CEILING_MS,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) {
      throw new Error(`condition not met within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function reload(db: Database, device: DeviceRow): Promise<DeviceRow> {
  const row = await getDeviceById(db, device.id);
  if (row === undefined) {
    throw new Error(`device ${device.id} is gone`);
  }
  return row;
}

/** The value of a counter sample in the Prometheus text, 0 when absent. */
export function metricValue(text: string, sample: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${sample} `));
  return line === undefined ? 0 : Number(line.slice(sample.length + 1));
}

/** A device's stored readings with their full sensor ids (through the sensors dictionary). */
export async function readingsOfDevice(db: Database, deviceId: number) {
  return db
    .select({
      sensorId: sensors.sensorId,
      ts: sensorReadings.ts,
      value: sensorReadings.value,
      status: sensorReadings.status,
      inAlarm: sensorReadings.inAlarm,
    })
    .from(sensorReadings)
    .innerJoin(sensors, eq(sensors.id, sensorReadings.sensorKey))
    .where(eq(sensors.deviceId, deviceId))
    .orderBy(asc(sensorReadings.ts), asc(sensors.sensorId));
}
