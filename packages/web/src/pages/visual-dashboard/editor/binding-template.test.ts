import { describe, expect, it } from 'vitest';
import {
  matchScore,
  pointKind,
  proposeBindings,
  proposeStateSensor,
  type StateSensorCandidate,
  sensorKind,
  type TemplatePoint,
  type TemplateSensor,
} from './binding-template';

/** The bucket elevator's sensor points (server machine-type-catalog.ts, type 1). */
const ELEVATOR: TemplatePoint[] = [
  { id: 101, label: 'Head Left Alignment' },
  { id: 102, label: 'Head Left Bearing Temperature' },
  { id: 103, label: 'Tail Left Alignment' },
  { id: 104, label: 'Boot Left Bearing Temperature' },
  { id: 105, label: 'Belt Speed' },
  { id: 106, label: 'Plug Switch' },
  { id: 107, label: 'Head Right Alignment' },
  { id: 108, label: 'Head Right Bearing Temperature' },
  { id: 109, label: 'Tail Right Alignment' },
  { id: 110, label: 'Boot Right Bearing Temperature' },
];

const sensor = (id: string, name: string, group_name: string): TemplateSensor => ({ id, name, group_name });

/** A WDC4 (0300) tree as search-sensor names it (simulator model wdc4.ts; the outermost group's name). */
const WDC4: TemplateSensor[] = [
  sensor('W1.system.1', 'Elevator State', 'System'),
  sensor('W1.system.18000', 'Run Time', 'System'),
  sensor('W1.speed.1', 'Head Shaft Speed', 'Speed'),
  sensor('W1.speed.2', 'Tail Shaft Speed', 'Speed'),
  sensor('W1.head.1', 'Head Left Alignment', 'Alignment:Head'),
  sensor('W1.head.2', 'Head Right Alignment', 'Alignment:Head'),
  sensor('W1.tail.1', 'Tail Left Alignment', 'Alignment:Tail'),
  sensor('W1.tail.2', 'Tail Right Alignment', 'Alignment:Tail'),
  sensor('W1.tmp.1', 'Head Left Bearing', 'Temperature'),
  sensor('W1.tmp.2', 'Head Right Bearing', 'Temperature'),
  sensor('W1.tmp.3', 'Tail Left Bearing', 'Temperature'),
  sensor('W1.tmp.4', 'Tail Right Bearing', 'Temperature'),
  sensor('W1.plug.1', 'Plug Switch', 'Plug'),
  sensor('W1.pull.1', 'Head Pulley', 'Pulley'),
  sensor('W1.pull.2', 'Tail Pulley', 'Pulley'),
  sensor('W1.exp1.1', 'Boot Temperature', 'Expansion Card 1'),
  sensor('W1.exp1.2', 'Auxiliary Contact', 'Expansion Card 1'),
];

/**
 * An F500: System State, then Network 1's four nodes (bearing, alignment, shaft speed, auxiliary input), named as
 * search-sensor/ names a node's sensor ('Name · Network 1 · Node 1').
 */
const F500: TemplateSensor[] = [
  sensor('F1.system.1', 'Network', 'System State'),
  sensor('F1.system.2', 'Status', 'System State'),
  ...[1, 2, 3, 4].flatMap((node) => [
    sensor(`F1.net1.n0${node}.1`, `Bearing Temperature · Network 1 · Node ${node}`, 'Network 1'),
    sensor(`F1.net1.n0${node}.2`, `Alignment · Network 1 · Node ${node}`, 'Network 1'),
    sensor(`F1.net1.n0${node}.3`, `Shaft Speed · Network 1 · Node ${node}`, 'Network 1'),
    sensor(`F1.net1.n0${node}.4`, `Auxiliary Input · Network 1 · Node ${node}`, 'Network 1'),
  ]),
];

/** An ETH-NODE-1: NTC probes, pulse inputs and digital contacts. */
const ETH_NODE: TemplateSensor[] = [
  sensor('E1.system.18000', 'Uptime', 'System'),
  sensor('E1.ntc.1', 'NTC 1', 'NTC'),
  sensor('E1.ntc.2', 'NTC 2', 'NTC'),
  sensor('E1.pulse.1', 'Pulse 1', 'Pulse'),
  sensor('E1.pulse.2', 'Pulse 2', 'Pulse'),
  sensor('E1.digital.1', 'Belt Alignment', 'Digital'),
  sensor('E1.digital.2', 'Door Switch', 'Digital'),
];

const byPoint = (proposals: ReturnType<typeof proposeBindings>) =>
  Object.fromEntries(proposals.map((proposal) => [proposal.point, proposal.sensorId]));

describe('kinds', () => {
  it("reads a point's kind from its label's last kind word", () => {
    expect(pointKind('Head Pulley Alignment')).toBe('alignment');
    expect(pointKind('Boot Bearing Temperature')).toBe('temperature');
    expect(pointKind('Outlet Plug Switch')).toBe('plug');
    expect(pointKind('Wet Bin High Level')).toBe('level');
    expect(pointKind('Burner Flame')).toBe('flame');
    expect(pointKind('Vibration')).toBe('vibration');
    expect(pointKind('Output Shaft Speed')).toBe('speed');
    expect(pointKind('Inlet')).toBeNull();
  });

  it("reads a sensor's kind from its name, else from its group", () => {
    expect(sensorKind(sensor('a', 'Head Left Bearing', 'Temperature'))).toBe('temperature');
    expect(sensorKind(sensor('a', 'Tail Left Alignment', 'Alignment:Tail'))).toBe('alignment');
    expect(sensorKind(sensor('a', 'Pulse 2', 'Pulse'))).toBe('speed');
    expect(sensorKind(sensor('a', 'NTC 1', 'NTC'))).toBe('temperature');
    expect(sensorKind(sensor('a', 'Head Pulley', 'Pulley'))).toBeNull();
    expect(sensorKind(sensor('a', 'Elevator State', 'System'))).toBeNull();
  });
});

describe('matchScore', () => {
  it('never fits a sensor of another kind or of the opposite end', () => {
    const head = { id: 101, label: 'Head Pulley Alignment' };
    expect(matchScore(head, sensor('a', 'Head Pulley', 'Pulley'))).toBeNull();
    expect(matchScore(head, sensor('a', 'Tail Left Alignment', 'Alignment:Tail'))).toBeNull();
    expect(matchScore({ id: 104, label: 'Boot Bearing Temperature' }, WDC4[8] as TemplateSensor)).toBeNull();
    expect(matchScore({ id: 501, label: 'High Level' }, sensor('a', 'Low Level', 'Bin'))).toBeNull();
  });

  it('scores the same end and shared words above a bare kind match', () => {
    const point = { id: 104, label: 'Boot Bearing Temperature' };
    const tailBearing = matchScore(point, sensor('a', 'Tail Left Bearing', 'Temperature')) ?? 0;
    const bootProbe = matchScore(point, sensor('b', 'Boot Temperature', 'Expansion Card 1')) ?? 0;
    const ntc = matchScore(point, sensor('c', 'NTC 1', 'NTC')) ?? 0;
    expect(tailBearing).toBeGreaterThan(bootProbe);
    expect(bootProbe).toBeGreaterThan(ntc);
    expect(ntc).toBeGreaterThan(0);
  });
});

describe('proposeBindings', () => {
  it('binds a bucket elevator from a WDC4 by ends, kinds and words', () => {
    expect(byPoint(proposeBindings(ELEVATOR, WDC4))).toEqual({
      101: 'W1.head.1',
      102: 'W1.tmp.1',
      103: 'W1.tail.1',
      104: 'W1.tmp.3',
      105: 'W1.speed.1',
      106: 'W1.plug.1',
      107: 'W1.head.2',
      108: 'W1.tmp.2',
      109: 'W1.tail.2',
      110: 'W1.tmp.4',
    });
  });

  it('binds from an F500 in tree order, never one sensor twice', () => {
    const proposals = byPoint(proposeBindings(ELEVATOR, F500));
    expect(proposals).toEqual({
      101: 'F1.net1.n01.2',
      102: 'F1.net1.n01.1',
      103: 'F1.net1.n02.2',
      104: 'F1.net1.n02.1',
      105: 'F1.net1.n01.3',
      106: null,
      107: 'F1.net1.n03.2',
      108: 'F1.net1.n03.1',
      109: 'F1.net1.n04.2',
      110: 'F1.net1.n04.1',
    });
  });

  it('leaves a point empty when the device has nothing that fits (ETH-NODE: one alignment contact, no plug)', () => {
    expect(byPoint(proposeBindings(ELEVATOR, ETH_NODE))).toEqual({
      101: 'E1.digital.1',
      102: 'E1.ntc.1',
      103: null,
      104: 'E1.ntc.2',
      105: 'E1.pulse.1',
      106: null,
      107: null,
      108: null,
      109: null,
      110: null,
    });
  });

  it('does not propose a sensor bound elsewhere in the schema', () => {
    const unavailable = new Set(['W1.head.1', 'W1.plug.1']);
    const proposals = byPoint(proposeBindings(ELEVATOR, WDC4, unavailable));
    // The head's right contact goes to its own point, not to the left one whose contact is taken.
    expect(proposals[101]).toBeNull();
    expect(proposals[107]).toBe('W1.head.2');
    expect(proposals[106]).toBeNull();
  });

  it('proposes nothing from a device without sensors', () => {
    expect(proposeBindings(ELEVATOR.slice(0, 2), [])).toEqual([
      { point: 101, sensorId: null },
      { point: 102, sensorId: null },
    ]);
  });
});

/** search-sensor/ items with its typed mark: only the sensors whose stored state says Running or Stopped. */
const marked = (sensors: readonly TemplateSensor[], stateIds: readonly string[]): StateSensorCandidate[] =>
  sensors.map((item) => ({ ...item, is_state_sensor: stateIds.includes(item.id) }));

describe('proposeStateSensor (the running-state slot)', () => {
  it("proposes the WDC4's 'Elevator State' and the F500's System State 'Status', as the server marks them", () => {
    expect(proposeStateSensor('Bucket Elevator Leg 7', marked(WDC4, ['W1.system.1']))).toBe('W1.system.1');
    // The F500's 'Network' is an ENUM too, but it says a network, not Running or Stopped: not marked.
    expect(proposeStateSensor('Belt Conveyor', marked(F500, ['F1.system.2']))).toBe('F1.system.2');
  });

  it('goes by the mark, not by names: a sensor named like a state but not marked is never proposed', () => {
    const named = [...ETH_NODE, sensor('E1.digital.3', 'Running State', 'Digital')];
    expect(proposeStateSensor('Bucket Elevator', marked(named, []))).toBeNull();
    expect(proposeStateSensor('Bucket Elevator', [])).toBeNull();
  });

  it("prefers the state sensor sharing words with the machine's type and name, else the first in the tree", () => {
    const plc = marked(
      [
        sensor('P1.drives.1', 'Intake Conveyor Motor', 'Drives'),
        sensor('P1.drives.2', 'Leg 2 Motor', 'Drives'),
        sensor('P1.drives.3', 'Dryer Fan Motor', 'Drives'),
      ],
      ['P1.drives.1', 'P1.drives.2', 'P1.drives.3'],
    );
    expect(proposeStateSensor('Fan Dryer Fan', plc)).toBe('P1.drives.3');
    expect(proposeStateSensor('Bucket Elevator Leg 2', plc)).toBe('P1.drives.2');
    expect(proposeStateSensor('Hopper / Silo', plc)).toBe('P1.drives.1');
  });

  it('proposes a state sensor bound elsewhere too: one unit may run several machines', () => {
    // Nothing like proposeBindings' `unavailable` applies: the same WDC4 state is proposed for a second machine.
    const sensors = marked(WDC4, ['W1.system.1']);
    expect(proposeStateSensor('Belt Conveyor', sensors)).toBe(proposeStateSensor('Bucket Elevator', sensors));
  });
});
