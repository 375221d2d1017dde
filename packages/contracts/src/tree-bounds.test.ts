import { describe, expect, it } from 'vitest';
import { GroupSchema, SensorSchema, StateTreeSchema, safeParseStateTree } from './realtime';
import {
  findNestingViolation,
  findTreeBoundsViolation,
  GROUP_REQUIRED_KEYS,
  MAX_MESSAGE_NESTING,
  MAX_SENSOR_VALUE,
  MAX_TREE_GROUP_DEPTH,
  MAX_TREE_GROUPS,
  MAX_TREE_NAME_LENGTH,
  MAX_TREE_SENSORS,
  MAX_TREE_TEXT_LENGTH,
  SENSOR_REQUIRED_KEYS,
} from './tree-bounds';

const sensor = (id: number) => ({
  Id: id,
  Name: `Sensor ${id}`,
  Type: 'NUMERIC',
  Value: 1,
  Status: 'OK',
  Alarm: false,
  Meta: { Min: 0, Max: 10, Units: null },
});

const group = (id: number, groups: object[] | null = null, sensors = [sensor(1)]) => ({
  Id: id,
  Name: `Group ${id}`,
  Status: 'OK',
  Alarm: false,
  sensors,
  groups,
});

const treeWith = (groups: object[], sensors: object[] = []) => ({
  Id: 'UDF1',
  Name: 'Unit',
  Status: 'OK',
  Alarm: false,
  time: 1_763_700_000,
  device: { deviceId: 'UDF1', deviceType: 'f500' },
  sensors,
  groups,
});

/** Groups nested `levels` deep (level 1 is a top-level group). */
function nested(levels: number): object[] {
  let groups: object[] | null = null;
  for (let level = levels; level >= 1; level--) {
    groups = [group(level, groups)];
  }
  return groups ?? [];
}

/** JSON text of arrays nested `levels` deep, parsed (JSON.parse itself does not recurse). */
const deepArrays = (levels: number): unknown => JSON.parse(`${'['.repeat(levels)}${']'.repeat(levels)}`);

describe('findTreeBoundsViolation', () => {
  it(`accepts groups nested ${MAX_TREE_GROUP_DEPTH} levels, and the schema parses them`, () => {
    const tree = treeWith(nested(MAX_TREE_GROUP_DEPTH));
    expect(findTreeBoundsViolation(tree)).toBeUndefined();
    expect(safeParseStateTree(tree).success).toBe(true);
  });

  it('refuses groups nested one level deeper', () => {
    expect(findTreeBoundsViolation(treeWith(nested(MAX_TREE_GROUP_DEPTH + 1)))).toBe(
      `groups nest deeper than ${MAX_TREE_GROUP_DEPTH} levels`,
    );
  });

  it('refuses 100,000 groups at one level and more groups than the limit over several levels', () => {
    const wide = treeWith(Array.from({ length: 100_000 }, () => ({})));
    expect(findTreeBoundsViolation(wide)).toBe(`the tree has more than ${MAX_TREE_GROUPS} groups`);
    const half = MAX_TREE_GROUPS / 2 + 1;
    const spread = Array.from({ length: half }, (_, n) => group(n, [group(n)]));
    expect(findTreeBoundsViolation(treeWith(spread))).toBe(
      `the tree has more than ${MAX_TREE_GROUPS} groups`,
    );
  });

  it('refuses more sensors than the limit, counted over the top level and every group', () => {
    const many = Array.from({ length: MAX_TREE_SENSORS / 2 }, (_, n) => sensor(n));
    expect(findTreeBoundsViolation(treeWith([group(1, null, many)], many))).toBeUndefined();
    expect(findTreeBoundsViolation(treeWith([group(1, null, many)], [...many, sensor(0)]))).toBe(
      `the tree has more than ${MAX_TREE_SENSORS} sensors`,
    );
    const bare = treeWith(
      [],
      Array.from({ length: 100_000 }, () => ({})),
    );
    expect(findTreeBoundsViolation(bare)).toBe(`the tree has more than ${MAX_TREE_SENSORS} sensors`);
  });

  it('refuses deep nesting anywhere in the tree, also in extra fields the schema keeps', () => {
    const tree = { ...treeWith(nested(2)), firmwareExtra: deepArrays(100_000) };
    expect(findTreeBoundsViolation(tree)).toBe(`the message nests deeper than ${MAX_MESSAGE_NESTING} levels`);
  });

  it('refuses sensors and groups without a required field before the schema reports each one', () => {
    const empty = Array.from({ length: MAX_TREE_SENSORS }, () => ({}));
    expect(findTreeBoundsViolation(treeWith([group(1, null, empty as never)]))).toBe('a sensor has no Id');
    const { Meta: _meta, ...noMeta } = sensor(2);
    expect(
      findTreeBoundsViolation(treeWith([group(1, [group(2, null, [sensor(1), noMeta as never])])])),
    ).toBe('a sensor has no Meta');
    const { sensors: _sensors, ...bare } = group(3);
    expect(findTreeBoundsViolation(treeWith([group(1), bare]))).toBe('a group has no sensors');
    expect(findTreeBoundsViolation(treeWith([group(1, [1 as never])]))).toBe('a group is not an object');
  });

  it('requires exactly the fields the schemas require', () => {
    const missing = (result: { error?: { issues: Array<{ path: PropertyKey[] }> } }) =>
      result.error?.issues.map((issue) => issue.path[0]);
    expect(missing(SensorSchema.safeParse({}))).toEqual([...SENSOR_REQUIRED_KEYS]);
    expect(missing(GroupSchema.safeParse({}))).toEqual([...GROUP_REQUIRED_KEYS]);
  });

  it(`refuses a sensor Value beyond ±${MAX_SENSOR_VALUE} or not finite, and accepts the bounds and null`, () => {
    const reading = (Value: unknown) => treeWith([group(1, null, [{ ...sensor(7), Value } as never])]);
    for (const value of [MAX_SENSOR_VALUE, -MAX_SENSOR_VALUE, 0, null, true, 451.5]) {
      expect(findTreeBoundsViolation(reading(value))).toBeUndefined();
    }
    expect(findTreeBoundsViolation(reading(1.7976931348623157e308))).toBe(
      `sensor 7: Value 1.7976931348623157e+308 is not a finite number within ±1e+15`,
    );
    expect(findTreeBoundsViolation(reading(-MAX_SENSOR_VALUE * 1.5))).toMatch(/^sensor 7: Value -1500/);
    // JSON.parse reads 1e999 as Infinity.
    const infinite = JSON.parse(JSON.stringify(reading(0)).replace('"Value":0', '"Value":1e999'));
    expect(findTreeBoundsViolation(infinite)).toMatch(/Value Infinity is not a finite number/);
    expect(findTreeBoundsViolation(treeWith([], [{ ...sensor(8), Value: Number.NaN }]))).toMatch(/NaN/);
  });

  it(`refuses a tree, group or sensor Id or Name over ${MAX_TREE_NAME_LENGTH} characters`, () => {
    const long = 'x'.repeat(MAX_TREE_NAME_LENGTH + 1);
    const fits = 'x'.repeat(MAX_TREE_NAME_LENGTH);
    expect(
      findTreeBoundsViolation({ ...treeWith([group(1, null, [{ ...sensor(1), Name: fits }])]), Name: fits }),
    ).toBe(undefined);
    const nameTooLong = `a sensor Id or Name is longer than ${MAX_TREE_NAME_LENGTH} characters`;
    expect(findTreeBoundsViolation(treeWith([group(1, null, [{ ...sensor(1), Name: long }])]))).toBe(
      nameTooLong,
    );
    expect(findTreeBoundsViolation(treeWith([], [{ ...sensor(1), Id: long }]))).toBe(nameTooLong);
    expect(findTreeBoundsViolation(treeWith([group(1, [{ ...group(2), Name: long }])]))).toBe(
      `a group Id or Name is longer than ${MAX_TREE_NAME_LENGTH} characters`,
    );
    expect(findTreeBoundsViolation({ ...treeWith([]), Name: long })).toBe(
      `a tree Id or Name is longer than ${MAX_TREE_NAME_LENGTH} characters`,
    );
  });

  it(`refuses any other text or key over ${MAX_TREE_TEXT_LENGTH} characters, in extra fields too`, () => {
    const long = 'y'.repeat(MAX_TREE_TEXT_LENGTH + 1);
    const textTooLong = `a text or key is longer than ${MAX_TREE_TEXT_LENGTH} characters`;
    const withState = (State: string) =>
      treeWith([group(1, null, [{ ...sensor(1), Meta: { Min: 0, Max: 10, Units: null, State } } as never])]);
    expect(findTreeBoundsViolation(withState('y'.repeat(MAX_TREE_TEXT_LENGTH)))).toBeUndefined();
    expect(findTreeBoundsViolation(withState(long))).toBe(textTooLong);
    expect(findTreeBoundsViolation({ ...treeWith([]), firmwareExtra: { notes: [long] } })).toBe(textTooLong);
    expect(findTreeBoundsViolation({ ...treeWith([]), [long]: 1 })).toBe(textTooLong);
    expect(findNestingViolation({ type: 'boot', reason: long })).toBe(textTooLong);
  });

  it('returns undefined for values that are not objects, leaving them to the schema', () => {
    expect(findTreeBoundsViolation(null)).toBeUndefined();
    expect(findTreeBoundsViolation('tree')).toBeUndefined();
    expect(findTreeBoundsViolation(treeWith([]))).toBeUndefined();
  });
});

describe('findNestingViolation', () => {
  it('scans 100,000 levels of arrays and objects without recursion', () => {
    expect(findNestingViolation(deepArrays(100_000))).toBe(
      `the message nests deeper than ${MAX_MESSAGE_NESTING} levels`,
    );
    const objects = JSON.parse(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`);
    expect(findNestingViolation(objects)).toBe(`the message nests deeper than ${MAX_MESSAGE_NESTING} levels`);
  });

  it(`accepts ${MAX_MESSAGE_NESTING} levels and does not count groups`, () => {
    expect(findNestingViolation(deepArrays(MAX_MESSAGE_NESTING))).toBeUndefined();
    expect(findNestingViolation(treeWith(nested(MAX_TREE_GROUP_DEPTH + 1)))).toBeUndefined();
  });
});

describe('safeParseStateTree', () => {
  it('refuses a tree nesting groups 1,000 deep with an issue where the bare schema overflows the stack', () => {
    const deep = treeWith(nested(1_000));
    expect(() => StateTreeSchema.safeParse(deep)).toThrow(RangeError);
    const result = safeParseStateTree(deep);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(`groups nest deeper than ${MAX_TREE_GROUP_DEPTH} levels`);
  });
});
