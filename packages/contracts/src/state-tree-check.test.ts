import { describe, expect, it } from 'vitest';
import { StateTreeSchema } from './realtime';
import { isStateTreeFast } from './state-tree-check';

const sensor = (id: number | string, extra: Record<string, unknown> = {}) => ({
  Id: id,
  Name: `Sensor ${id}`,
  Type: 'NUMERIC',
  Value: 71.5,
  Status: 'OK',
  Alarm: false,
  Meta: { Min: 0, Max: 180, NumDecimalPoints: 1, State: null, Units: '°F' },
  ...extra,
});

/** A tree with every optional field present in some place: nested groups, metas, version info, extras. */
const richTree = () => ({
  Id: 'UDF00042',
  Name: 'Bucket elevator',
  Status: 'OK',
  Alarm: false,
  time: '2026-11-24T10:00:00+01:00',
  firmwareExtra: { keep: 'me' },
  device: {
    deviceId: 'UDF00042',
    deviceType: 'f500-udf',
    deviceIpAddress: '10.0.0.7',
    accessCode: null,
    protocol: '2',
    length: 512,
    versionInfo: { Main: '1.2.3', Btm: null, Gfx: '2.0' },
  },
  sensors: [
    sensor('temp'),
    sensor(2, { Type: 'BOOL', Value: true }),
    sensor(3, { Type: 'ENUM', Value: null, Status: 'N/A' }),
  ],
  groups: [
    {
      Id: 'net1',
      Name: 'Network 1',
      Status: 'OK',
      Alarm: false,
      Meta: { Activity: 12, Blocks: 2, Nodes: null },
      sensors: [],
      groups: [
        {
          Id: 1,
          Name: 'Node 1',
          Status: 'WARNING',
          Alarm: false,
          sensors: [sensor(1, { Status: 'WARNING' }), sensor(2, { Meta: { Units: null } })],
          groups: null,
        },
      ],
    },
    { Id: 'sys', Name: 'System', Status: 'OK', Alarm: false, Meta: null, sensors: [sensor('state')] },
  ],
});

/** A seeded generator (mulberry32), so a failing case is the same on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Values of every JSON kind and the non-JSON ones a caller could pass, some valid somewhere in a tree. */
const REPLACEMENTS: unknown[] = [
  null,
  undefined,
  true,
  false,
  0,
  -1.5,
  2.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  2 ** 60,
  '',
  'OK',
  'Alarm',
  'NUMERIC',
  'ENUM',
  '2026-11-24T10:00:00Z',
  '24/11/2026',
  [],
  [1],
  {},
  { Id: 1 },
  sensor(9),
];

/** A deep copy that keeps undefined, NaN and infinities (JSON would not). */
function copyOf(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(copyOf);
  }
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, copyOf(item)]));
  }
  return value;
}

/** Every [container, key] of the tree, objects and arrays alike. */
function slots(value: unknown, found: Array<[Record<string | number, unknown>, string | number]> = []) {
  if (typeof value === 'object' && value !== null) {
    const container = value as Record<string | number, unknown>;
    for (const key of Object.keys(container)) {
      found.push([container, Array.isArray(value) ? Number(key) : key]);
      slots(container[key], found);
    }
  }
  return found;
}

/** The tree with 1-3 slots replaced or deleted. */
function mutated(next: () => number): unknown {
  const tree = richTree();
  const changes = 1 + Math.floor(next() * 3);
  for (let change = 0; change < changes; change++) {
    const all = slots(tree);
    const [container, key] = all[Math.floor(next() * all.length)] as [
      Record<string | number, unknown>,
      string,
    ];
    if (next() < 0.15) {
      delete container[key];
    } else {
      // A copy: a shared object placed twice could end up inside itself.
      container[key] = copyOf(REPLACEMENTS[Math.floor(next() * REPLACEMENTS.length)]);
    }
  }
  return tree;
}

describe('isStateTreeFast', () => {
  it('accepts valid trees: the rich fixture, epoch-second time, a plain version string', () => {
    expect(StateTreeSchema.safeParse(richTree()).success).toBe(true);
    expect(isStateTreeFast(richTree())).toBe(true);
    const epoch = { ...richTree(), time: 1_763_700_000 };
    const plainVersion = { ...richTree(), device: { ...richTree().device, versionInfo: 'v1.0.4' } };
    for (const tree of [epoch, plainVersion]) {
      expect(StateTreeSchema.safeParse(tree).success).toBe(true);
      expect(isStateTreeFast(tree)).toBe(true);
    }
  });

  it('refuses what the schema refuses: wrong status, text Alarm, bad time, missing Meta, array root', () => {
    const tree = richTree();
    const cases: unknown[] = [
      { ...tree, sensors: [sensor(1, { Status: 'Broken' })] },
      { ...tree, Alarm: 'yes' },
      { ...tree, time: 'yesterday' },
      { ...tree, sensors: [{ ...sensor(1), Meta: undefined }] },
      [tree],
      null,
    ];
    for (const value of cases) {
      expect(StateTreeSchema.safeParse(value).success).toBe(false);
      expect(isStateTreeFast(value)).toBe(false);
    }
  });

  it('never accepts a tree the schema refuses, over 20,000 seeded mutations', () => {
    const next = random(20261124);
    let accepted = 0;
    let refused = 0;
    for (let run = 0; run < 20_000; run++) {
      const tree = mutated(next);
      if (isStateTreeFast(tree)) {
        accepted++;
        if (!StateTreeSchema.safeParse(tree).success) {
          throw new Error(`the fast check accepted a tree the schema refuses: ${JSON.stringify(tree)}`);
        }
      } else if (!StateTreeSchema.safeParse(tree).success) {
        refused++;
      }
    }
    // Both verdicts occur often, so the comparison is not empty on either side.
    expect(accepted).toBeGreaterThan(1_000);
    expect(refused).toBeGreaterThan(1_000);
  });
});
