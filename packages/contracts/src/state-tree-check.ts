import {
  DeviceTimeSchema,
  SENSOR_STATUSES,
  SENSOR_TYPES,
  type Sensor,
  type SensorMeta,
  type StateTree,
} from './realtime';
import { MAX_TREE_GROUP_DEPTH } from './tree-bounds';

/**
 * The ingest's fast path for state trees (1,000 trees of 100 sensors a second): a check that accepts only what
 * StateTreeSchema accepts, without the schema's copy of every object of the tree. It is stricter than the schema,
 * never looser: `false` means "ask StateTreeSchema", which gives the issues of a tree it refuses and accepts the
 * rare tree this check is too strict for, so the schema stays the one judge of what is refused
 * (state-tree-check.test.ts compares the two on mutated trees). Like the schema, run it after
 * findTreeBoundsViolation.
 */
export function isStateTreeFast(value: unknown): value is StateTree {
  return (
    isRecord(value) &&
    isId(value.Id) &&
    typeof value.Name === 'string' &&
    typeof value.Status === 'string' &&
    typeof value.Alarm === 'boolean' &&
    isDeviceTime(value.time) &&
    isDeviceInfo(value.device) &&
    everyItem(value.groups, (group) => isGroup(group, 1)) &&
    everyItem(value.sensors, isSensor)
  );
}

type Fields = Record<string, unknown>;

const SENSOR_TYPE_SET: ReadonlySet<unknown> = new Set(SENSOR_TYPES);
const SENSOR_STATUS_SET: ReadonlySet<unknown> = new Set(SENSOR_STATUSES);

const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isNullish = (value: unknown) => value === undefined || value === null;
const isNullishString = (value: unknown) => isNullish(value) || typeof value === 'string';
const isNullishNumber = (value: unknown) => isNullish(value) || isNumber(value);
const isId = (value: unknown) => typeof value === 'string' || isNumber(value);

/** An array whose every element passes; holes count as undefined (Array.prototype.every would skip them). */
function everyItem(list: unknown, check: (item: unknown) => boolean): boolean {
  if (!Array.isArray(list)) {
    return false;
  }
  for (let index = 0; index < list.length; index++) {
    if (!check(list[index])) {
      return false;
    }
  }
  return true;
}

/** Epoch seconds, or text the schema's ISO-8601 rule decides (one short string, not the tree). */
const isDeviceTime = (value: unknown) =>
  isNumber(value) || (typeof value === 'string' && DeviceTimeSchema.safeParse(value).success);

function isSensorMeta(meta: unknown): meta is SensorMeta {
  return (
    isRecord(meta) &&
    isNullishNumber(meta.Min) &&
    isNullishNumber(meta.Max) &&
    (isNullish(meta.NumDecimalPoints) || Number.isSafeInteger(meta.NumDecimalPoints)) &&
    isNullishString(meta.State) &&
    isNullishString(meta.Units)
  );
}

function isSensor(sensor: unknown): sensor is Sensor {
  if (!isRecord(sensor)) {
    return false;
  }
  const { Value } = sensor;
  return (
    isId(sensor.Id) &&
    typeof sensor.Name === 'string' &&
    SENSOR_TYPE_SET.has(sensor.Type) &&
    (Value === null || typeof Value === 'boolean' || isNumber(Value)) &&
    SENSOR_STATUS_SET.has(sensor.Status) &&
    typeof sensor.Alarm === 'boolean' &&
    isSensorMeta(sensor.Meta)
  );
}

function isGroupMeta(meta: unknown): boolean {
  return (
    isNullish(meta) ||
    (isRecord(meta) &&
      isNullishNumber(meta.Activity) &&
      isNullishNumber(meta.Blocks) &&
      isNullishNumber(meta.Nodes))
  );
}

function isGroup(group: unknown, level: number): boolean {
  if (!isRecord(group) || level > MAX_TREE_GROUP_DEPTH) {
    return false;
  }
  const { groups } = group;
  return (
    isId(group.Id) &&
    typeof group.Name === 'string' &&
    typeof group.Status === 'string' &&
    typeof group.Alarm === 'boolean' &&
    isGroupMeta(group.Meta) &&
    everyItem(group.sensors, isSensor) &&
    (isNullish(groups) || everyItem(groups, (child) => isGroup(child, level + 1)))
  );
}

function isVersionInfo(info: unknown): boolean {
  return (
    isNullish(info) ||
    typeof info === 'string' ||
    (isRecord(info) &&
      isNullishString(info.Main) &&
      isNullishString(info.Btm) &&
      isNullishString(info.Gfx) &&
      isNullishString(info.CDEP))
  );
}

function isDeviceInfo(device: unknown): boolean {
  return (
    isRecord(device) &&
    typeof device.deviceId === 'string' &&
    typeof device.deviceType === 'string' &&
    isNullishString(device.deviceIpAddress) &&
    isNullishString(device.accessCode) &&
    isNullishString(device.protocol) &&
    isNullishString(device.command) &&
    isNullishNumber(device.length) &&
    isVersionInfo(device.versionInfo)
  );
}
