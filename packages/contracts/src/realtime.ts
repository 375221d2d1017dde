import { z } from 'zod';
import { DEVICE_TYPES, type DeviceType } from './devices';
import { findTreeBoundsViolation, MAX_TREE_GROUP_DEPTH } from './tree-bounds';

/** Device state tree as installed gateways send it (wire-formats.md 'Device state tree'). Extra fields are kept. */

export const SENSOR_TYPES = ['NUMERIC', 'BOOL', 'ENUM'] as const;
export const SensorTypeSchema = z.enum(SENSOR_TYPES).describe('Sensor value type');
export type SensorType = z.infer<typeof SensorTypeSchema>;

export const SENSOR_STATUSES = ['OK', 'Alarm', 'WARNING', 'N/A', 'Not Scanned'] as const;
export const SensorStatusSchema = z.enum(SENSOR_STATUSES).describe('Sensor status');
export type SensorStatus = z.infer<typeof SensorStatusSchema>;

/** State texts carried in `Meta.State` that the portal reacts to. */
export const SENSOR_STATE_TEXTS = {
  disabled: 'Disabled',
  off: 'Off',
  profileZero: 'System Selected Profile 0',
  contactOpen: 'Contact Sensor Open / OFF',
  contactClosed: 'Contact Sensor Closed / ON',
  lostCommunication: 'Lost Communication Between T500 and node',
  notScanned: 'Sensor Not Scanned by T500',
} as const;

const IdSchema = z.union([z.string(), z.number()]).describe('Id, unique among its siblings');

/** Device clock: epoch seconds or ISO-8601 text. */
export const DeviceTimeSchema = z
  .union([z.number(), z.iso.datetime({ offset: true, local: true })])
  .describe('Device clock: epoch seconds or ISO-8601');

export const SensorMetaSchema = z.looseObject({
  Min: z.number().nullish().describe('Lower alarm limit'),
  Max: z.number().nullish().describe('Upper alarm limit'),
  NumDecimalPoints: z.number().int().nullish().describe('Decimals to display'),
  State: z.string().nullish().describe('State text, e.g. Disabled or Contact Sensor Open / OFF'),
  Units: z.string().nullish().describe('Units: °F, °C, PPM, Minutes, Seconds or null'),
});
export type SensorMeta = z.infer<typeof SensorMetaSchema>;

export const SensorSchema = z.looseObject({
  Id: IdSchema,
  Name: z.string().describe('Sensor name'),
  Type: SensorTypeSchema,
  Value: z
    .union([z.number(), z.boolean()])
    .nullable()
    .describe('Reading; BOOL as 0/1 or true/false; a number is finite within ±1e15 (tree-bounds.ts)'),
  Status: SensorStatusSchema,
  Alarm: z.boolean().describe('Sensor is in alarm'),
  Meta: SensorMetaSchema,
});
export type Sensor = z.infer<typeof SensorSchema>;

export const GroupMetaSchema = z.looseObject({
  Activity: z.number().nullish().describe('Activity counter'),
  Blocks: z.number().nullish().describe('Active blocks'),
  Nodes: z.number().nullish().describe('Active nodes'),
});
export type GroupMeta = z.infer<typeof GroupMetaSchema>;

/** A group of sensors; F500 network groups nest node groups. */
export type Group = {
  Id: string | number;
  Name: string;
  Status: string;
  Alarm: boolean;
  Meta?: GroupMeta | null | undefined;
  sensors: Sensor[];
  groups?: Group[] | null | undefined;
  [extra: string]: unknown;
};

export const GroupSchema: z.ZodType<Group> = z.lazy(() =>
  z.looseObject({
    Id: IdSchema,
    Name: z.string().describe('Group name'),
    Status: z.string().describe('OK, Alarm, WARNING, ...'),
    Alarm: z.boolean(),
    Meta: GroupMetaSchema.nullish(),
    sensors: z.array(SensorSchema),
    groups: z
      .array(GroupSchema)
      .nullish()
      .describe(`Nested groups, at most ${MAX_TREE_GROUP_DEPTH} levels; null or absent at the leaves`),
  }),
);

export const VersionInfoSchema = z
  .union([
    z.looseObject({
      Main: z.string().nullish(),
      Btm: z.string().nullish(),
      Gfx: z.string().nullish(),
      CDEP: z.string().nullish(),
    }),
    z.string(),
  ])
  .describe('Firmware versions {Main, Btm, Gfx, CDEP} or a plain string');
export type VersionInfo = z.infer<typeof VersionInfoSchema>;

export const DeviceInfoSchema = z.looseObject({
  deviceId: z.string().describe('The udf_id'),
  deviceType: z.string().describe('Device type, often lower-case (f500); compare case-insensitively'),
  deviceIpAddress: z.string().nullish(),
  accessCode: z
    .string()
    .nullish()
    .describe('The unit\'s code: checked at ingest, then "" in every stored tree and browser frame'),
  protocol: z.string().nullish(),
  command: z.string().nullish(),
  length: z.number().nullish(),
  versionInfo: VersionInfoSchema.nullish(),
});
export type DeviceInfo = z.infer<typeof DeviceInfoSchema>;

export const StateTreeSchema = z.looseObject({
  Id: IdSchema,
  Name: z.string(),
  Status: z.string(),
  Alarm: z.boolean(),
  time: DeviceTimeSchema,
  device: DeviceInfoSchema,
  groups: z.array(GroupSchema),
  sensors: z.array(SensorSchema).describe('Top-level sensors, may be empty'),
});
export type StateTree = z.infer<typeof StateTreeSchema>;

/**
 * StateTreeSchema.safeParse of untrusted input: the iterative bounds check (tree-bounds.ts) runs first, so a
 * tree nesting groups thousands deep is an issue, not a stack overflow of the recursive group schema.
 */
export function safeParseStateTree(value: unknown): z.ZodSafeParseResult<StateTree> {
  const violation = findTreeBoundsViolation(value);
  if (violation !== undefined) {
    return z.custom<StateTree>(() => false, { error: violation }).safeParse(value);
  }
  return StateTreeSchema.safeParse(value);
}

export const BOOT_REASONS = ['power-up', 'restart', 'watchdog', 'firmware-update'] as const;

/** Published once to `devices/<udf_id>/boot` when a device powers up or restarts. */
export const BootMessageSchema = z.looseObject({
  type: z.literal('boot'),
  deviceId: z.string().describe('The udf_id'),
  deviceType: z.string().describe('Device type, compare case-insensitively'),
  time: DeviceTimeSchema,
  versionInfo: VersionInfoSchema.nullish(),
  reason: z.enum(BOOT_REASONS).describe('Why the device booted'),
  bootCount: z.number().int().nonnegative().optional().describe('Boots since manufacture'),
});
export type BootMessage = z.infer<typeof BootMessageSchema>;

export const deviceStateTopic = (udfId: string): string => `devices/${udfId}/state`;
export const deviceBootTopic = (udfId: string): string => `devices/${udfId}/boot`;
/** The MQTT client id a device must connect with (docs/device-protocol.md); the broker refuses any other. */
export const deviceClientId = (udfId: string): string => `vigil-${udfId}`;

/** Maps a wire device type ('f500', 'f500-udf') to the portal's DeviceType, or null when unknown. */
export function parseWireDeviceType(wire: string): DeviceType | null {
  const upper = wire.trim().toUpperCase();
  return DEVICE_TYPES.find((type) => type === upper) ?? null;
}

/** Dotted full sensor id `deviceId.groupId[.subGroupId].sensorId`. */
export function fullSensorId(
  deviceId: string,
  groupPath: ReadonlyArray<string | number>,
  sensorId: string | number,
): string {
  return [deviceId, ...groupPath, sensorId].join('.');
}

export type SensorEntry = { fullId: string; groupPath: Array<string | number>; sensor: Sensor };

/** Every sensor of a tree with its full id, top-level sensors first, then groups depth-first. */
export function listSensors(tree: StateTree): SensorEntry[] {
  const deviceId = tree.device.deviceId;
  const topPath: Array<string | number> = [];
  // fullSensorId's text, built once per group as a prefix: 100,000 sensors a second pass through here.
  const entries: SensorEntry[] = tree.sensors.map((sensor) => ({
    fullId: `${deviceId}.${sensor.Id}`,
    groupPath: topPath,
    sensor,
  }));
  const visit = (groups: Group[], path: Array<string | number>, prefix: string): void => {
    for (const group of groups) {
      const groupPath = [...path, group.Id];
      const groupPrefix = `${prefix}.${group.Id}`;
      for (const sensor of group.sensors) {
        entries.push({ fullId: `${groupPrefix}.${sensor.Id}`, groupPath, sensor });
      }
      if (group.groups != null) {
        visit(group.groups, groupPath, groupPrefix);
      }
    }
  };
  visit(tree.groups, [], deviceId);
  return entries;
}

/**
 * `ws/device-data/<udf_id>/`: without a `?token=` query parameter the browser's first frame must be this
 * (wire-formats.md 'WebSockets'), so the token stays out of URLs and request logs.
 */
export const FeedAuthFrameSchema = z.object({
  cmd: z.literal('auth'),
  token: z.string().min(1).describe('The raw JWT, without the "JWT " prefix'),
});
export type FeedAuthFrame = z.infer<typeof FeedAuthFrameSchema>;

/** How long a live-feed socket without a query token waits for its auth frame before closing 4401. */
export const FEED_AUTH_TIMEOUT_MS = 10_000;

/**
 * Close codes of the live-feed sockets: no valid session (missing, bad, expired or revoked token; the
 * two-factor gate), no access to the device (unknown, suspended, or its site out of the user's reach), and the
 * instance stopping for a restart (RFC 6455's 1012 Service Restart: reconnect at once, another instance or the
 * restarted one answers).
 */
export const LIVE_FEED_CLOSE = { unauthenticated: 4401, forbidden: 4403, serviceRestart: 1012 } as const;

/** A restart's reconnects are spread over this much time, so a thousand browsers do not arrive at once. */
export const RESTART_RECONNECT_SPREAD_MS = 500;
