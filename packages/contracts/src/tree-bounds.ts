/**
 * Limits on the shape of device messages, checked without recursion before the recursive schema
 * (StateTreeSchema's GroupSchema) or any walk of a tree sees them: a 74 KB tree nesting groups 1,000 deep
 * overflowed the stack, and 80,000 empty sensors kept the schema busy for seconds (an issue per missing
 * field). Real trees are far inside them: F500-UDF nests node groups in network groups (2 levels), and a
 * 256 KB tree holds about 1,500 sensors with names and limits. The same scan bounds what a tree may carry: a
 * 200 KB sensor name became an e-mail subject, and a reading of 1.8e308 overflowed the roll-ups' sums.
 */

/** Deepest nesting of `groups` in a state tree (a top-level group is level 1; F500 nodes are level 2). */
export const MAX_TREE_GROUP_DEPTH = 8;
/** Most groups in one state tree, counted over every level. */
export const MAX_TREE_GROUPS = 1_000;
/** Most sensors in one state tree, top-level and in every group. */
export const MAX_TREE_SENSORS = 2_000;
/** Deepest nesting of objects and arrays anywhere in a device message (a level-8 group's sensor Meta is 20). */
export const MAX_MESSAGE_NESTING = 32;
/**
 * Longest `Id` or `Name` of the tree, a group or a sensor, in characters: names reach notifications, e-mail
 * subjects and every screen (real ones: 'Network 1 Node 3', 'Head Bearing Temperature').
 */
export const MAX_TREE_NAME_LENGTH = 100;
/** Longest other text, and object key, anywhere in a tree (state texts such as 'Sensor Not Scanned by T500'). */
export const MAX_TREE_TEXT_LENGTH = 500;
/**
 * Largest magnitude of a sensor's numeric `Value`: far beyond any temperature, speed, ppm or seconds counter (a
 * century is 3.2e9 s), yet below 2^53, so readings stay exact integers where they are integers and sums of a
 * month of them stay finite.
 */
export const MAX_SENSOR_VALUE = 1e15;

type Counts = { groups: number; sensors: number };

/** Fields every sensor and group must have (SensorSchema, GroupSchema): one missing refuses the tree at once. */
export const SENSOR_REQUIRED_KEYS = ['Id', 'Name', 'Type', 'Value', 'Status', 'Alarm', 'Meta'] as const;
export const GROUP_REQUIRED_KEYS = ['Id', 'Name', 'Status', 'Alarm', 'sensors'] as const;

const isTooLong = (value: unknown, max: number) => typeof value === 'string' && value.length > max;

/** Why a tree node's or sensor's Id or Name is too long, or undefined. */
function findNameViolation(item: { Id?: unknown; Name?: unknown }, what: string): string | undefined {
  if (isTooLong(item.Id, MAX_TREE_NAME_LENGTH) || isTooLong(item.Name, MAX_TREE_NAME_LENGTH)) {
    return `a ${what} Id or Name is longer than ${MAX_TREE_NAME_LENGTH} characters`;
  }
  return undefined;
}

/** Why a list's sensors have a name too long or a Value that is not a finite number within ±MAX_SENSOR_VALUE. */
function findSensorViolation(sensors: unknown[]): string | undefined {
  for (const sensor of sensors as Array<{ Id?: unknown; Name?: unknown; Value?: unknown }>) {
    const violation = findNameViolation(sensor, 'sensor');
    if (violation !== undefined) {
      return violation;
    }
    const value = sensor.Value;
    // NaN fails the comparison too; JSON.parse turns 1e999 into Infinity.
    if (typeof value === 'number' && !(Math.abs(value) <= MAX_SENSOR_VALUE)) {
      return `sensor ${String(sensor.Id)}: Value ${value} is not a finite number within ±${MAX_SENSOR_VALUE.toExponential()}`;
    }
  }
  return undefined;
}

/** Why the elements of a sensors or groups list cannot be sensors or groups, or undefined. */
function findMissingKey(items: unknown[], keys: readonly string[], what: string): string | undefined {
  for (const item of items) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      return `a ${what} is not an object`;
    }
    for (const key of keys) {
      if (!(key in item)) {
        return `a ${what} has no ${key}`;
      }
    }
  }
  return undefined;
}

function countTreeNode(node: Record<string, unknown>, level: number, counts: Counts): string | undefined {
  const { groups, sensors } = node;
  const nameViolation = findNameViolation(node, level === 0 ? 'tree' : 'group');
  if (nameViolation !== undefined) {
    return nameViolation;
  }
  if (Array.isArray(sensors)) {
    counts.sensors += sensors.length;
    if (counts.sensors > MAX_TREE_SENSORS) {
      return `the tree has more than ${MAX_TREE_SENSORS} sensors`;
    }
    const violation = findMissingKey(sensors, SENSOR_REQUIRED_KEYS, 'sensor') ?? findSensorViolation(sensors);
    if (violation !== undefined) {
      return violation;
    }
  }
  if (Array.isArray(groups) && groups.length > 0) {
    counts.groups += groups.length;
    if (counts.groups > MAX_TREE_GROUPS) {
      return `the tree has more than ${MAX_TREE_GROUPS} groups`;
    }
    if (level + 1 > MAX_TREE_GROUP_DEPTH) {
      return `groups nest deeper than ${MAX_TREE_GROUP_DEPTH} levels`;
    }
    return findMissingKey(groups, GROUP_REQUIRED_KEYS, 'group');
  }
  return undefined;
}

/**
 * The scan's stack, as three parallel arrays (no object per value: a 100-sensor tree pushes about 400):
 * a value, its nesting depth, and for a tree node (the root or a group) its group level, else NOT_A_NODE.
 */
class ScanStack {
  readonly values: object[] = [];
  readonly depths: number[] = [];
  readonly levels: number[] = [];

  push(value: object, depth: number, level: number): void {
    this.values.push(value);
    this.depths.push(depth);
    this.levels.push(level);
  }
}

const NOT_A_NODE = -1;

const TEXT_VIOLATION = `a text or key is longer than ${MAX_TREE_TEXT_LENGTH} characters`;

/**
 * Pushes the object and array children of a value, in property order; a tree node's group elements become tree
 * nodes. Answers TEXT_VIOLATION when a string child or a key is too long. The value comes from JSON.parse: a
 * plain object or array, whose for-in keys are its own.
 */
function pushChildren(value: object, depth: number, level: number, stack: ScanStack): string | undefined {
  if (Array.isArray(value)) {
    for (const child of value) {
      if (typeof child === 'object' && child !== null) {
        stack.push(child, depth + 1, NOT_A_NODE);
      } else if (isTooLong(child, MAX_TREE_TEXT_LENGTH)) {
        return TEXT_VIOLATION;
      }
    }
    return undefined;
  }
  const groups = level === NOT_A_NODE ? undefined : (value as { groups?: unknown }).groups;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const child = record[key];
    if (key.length > MAX_TREE_TEXT_LENGTH) {
      return TEXT_VIOLATION;
    }
    if (typeof child !== 'object' || child === null) {
      if (isTooLong(child, MAX_TREE_TEXT_LENGTH)) {
        return TEXT_VIOLATION;
      }
      continue;
    }
    if (child !== groups || !Array.isArray(child)) {
      stack.push(child, depth + 1, NOT_A_NODE);
      continue;
    }
    for (const group of child as unknown[]) {
      if (typeof group === 'object' && group !== null) {
        stack.push(group, depth + 2, level + 1);
      }
    }
  }
  return undefined;
}

function scan(root: unknown, isTree: boolean): string | undefined {
  if (typeof root !== 'object' || root === null) {
    return undefined;
  }
  const counts: Counts = { groups: 0, sensors: 0 };
  const stack = new ScanStack();
  stack.push(root, 1, isTree && !Array.isArray(root) ? 0 : NOT_A_NODE);
  const { values, depths, levels } = stack;
  while (values.length > 0) {
    const value = values.pop() as object;
    const depth = depths.pop() as number;
    const level = levels.pop() as number;
    if (depth > MAX_MESSAGE_NESTING) {
      return `the message nests deeper than ${MAX_MESSAGE_NESTING} levels`;
    }
    if (level !== NOT_A_NODE && !Array.isArray(value)) {
      const violation = countTreeNode(value as Record<string, unknown>, level, counts);
      if (violation !== undefined) {
        return violation;
      }
    }
    const violation = pushChildren(value, depth, level, stack);
    if (violation !== undefined) {
      return violation;
    }
  }
  return undefined;
}

/** Why a parsed message nests too deep (objects and arrays) or carries a text too long, or undefined; iterative. */
export function findNestingViolation(value: unknown): string | undefined {
  return scan(value, false);
}

/**
 * Why a parsed state tree is out of bounds (nesting, group depth, group or sensor count, text and name lengths,
 * sensor values), or undefined.
 * Iterative: run it before StateTreeSchema, whose nested groups are validated recursively.
 */
export function findTreeBoundsViolation(value: unknown): string | undefined {
  return scan(value, true);
}
