import type { F500Node, Graph, GraphSeries } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import {
  applyArrangementInput,
  f500GraphsOf,
  filterByPanelSelection,
  filterByRouteSensor,
  hasAnyValue,
  hasSelection,
  isOutsideNodes,
  isSensorOfRoute,
  nodeCheckState,
  nodeNumberOfSensor,
  type ShownGraphs,
  selectionOfArrangement,
} from './graph-filters';

const series = (sensor: string, values: Array<number | null> = [1]): GraphSeries => ({
  sensor,
  name: sensor,
  device_name: 'F500',
  sensor_type: 'NUMERIC',
  value_label: 'Value',
  data: values.map((value, index) => [index, value, false, '']),
});

const graph = (...list: GraphSeries[]): Graph => ({ units: '', value_label: 'Value', series: list });

const nodes: F500Node[] = [
  {
    number: 1,
    formated_number: '01',
    sensors: [
      { id: 1, name: 'Temp' },
      { id: 2, name: 'Align' },
    ],
  },
  {
    number: 2,
    formated_number: '02',
    sensors: [
      { id: 1, name: 'Temp' },
      { id: 2, name: 'Align' },
    ],
  },
];

describe('the route sensor filter', () => {
  it("matches a series by its sensor id's last dotted segment", () => {
    expect(isSensorOfRoute('W03.speed.1', '1')).toBe(true);
    expect(isSensorOfRoute('W03.speed.11', '1')).toBe(false);
    expect(isSensorOfRoute('W03.speed.1', 'speed.1')).toBe(true);
    expect(isSensorOfRoute('W03.speed.1', 'W03.speed.1')).toBe(true);
  });

  it('keeps only matching series and drops graphs left empty, in order', () => {
    const graphs = {
      'W.speed': graph(series('W.speed.1'), series('W.speed.2')),
      'W.tmp': graph(series('W.tmp.3')),
    };
    const kept = filterByRouteSensor(graphs, '1');
    expect(Object.keys(kept)).toEqual(['W.speed']);
    expect(kept['W.speed']?.series.map((one) => one.sensor)).toEqual(['W.speed.1']);
    expect(filterByRouteSensor(graphs, undefined)).toBe(graphs);
  });
});

describe('the F500 panel selection', () => {
  it('reads a whole node (no sensors) as all its sensors', () => {
    const selection = selectionOfArrangement(
      {
        nodes: [
          { node: 1, sensors: [] },
          { node: 2, sensors: ['2'] },
        ],
      },
      nodes,
    );
    expect([...(selection.get(1) ?? [])]).toEqual(['1', '2']);
    expect([...(selection.get(2) ?? [])]).toEqual(['2']);
    expect(nodeCheckState(nodes[0] as F500Node, selection)).toBe('all');
    expect(nodeCheckState(nodes[1] as F500Node, selection)).toBe('some');
    expect(hasSelection(selection)).toBe(true);
    expect(hasSelection(selectionOfArrangement({ nodes: [] }, nodes))).toBe(false);
  });

  it('finds the node of a series from its n{number} group', () => {
    expect(nodeNumberOfSensor('F5.net1.n03.2')).toBe(3);
    expect(nodeNumberOfSensor('F5.system.3')).toBeNull();
  });

  it('draws only the chosen sensors of the chosen nodes', () => {
    const graphs = {
      n1: graph(series('F5.net1.n01.1'), series('F5.net1.n01.2')),
      n2: graph(series('F5.net1.n02.1')),
      system: graph(series('F5.system.3')),
    };
    const selection = selectionOfArrangement({ nodes: [{ node: 1, sensors: ['2'] }] }, nodes);
    const kept = filterByPanelSelection(graphs, selection, nodes);
    expect(Object.keys(kept)).toEqual(['n1']);
    expect(kept.n1?.series.map((one) => one.sensor)).toEqual(['F5.net1.n01.2']);
  });

  it("tells an F500-UDF's nodes of two networks apart by their graph key", () => {
    const udf: F500Node[] = [
      { number: 1001, formated_number: '01 (Network 1)', key: 'U.net1.n01', sensors: [{ id: 1, name: 'T' }] },
      { number: 2001, formated_number: '01 (Network 2)', key: 'U.net2.n01', sensors: [{ id: 1, name: 'T' }] },
    ];
    const graphs = { a: graph(series('U.net1.n01.1')), b: graph(series('U.net2.n01.1')) };
    const selection = selectionOfArrangement({ nodes: [{ node: 2001, sensors: [] }] }, udf);
    expect(Object.keys(filterByPanelSelection(graphs, selection, udf))).toEqual(['b']);
  });

  it('falls back to the n{number} group for nodes without a key', () => {
    const keyless: F500Node[] = [{ number: 3, formated_number: '03', sensors: [{ id: 1, name: 'T' }] }];
    const graphs = { a: graph(series('F5.net1.n03.1')), b: graph(series('F5.net1.n04.1')) };
    const selection = selectionOfArrangement({ nodes: [{ node: 3, sensors: [] }] }, keyless);
    expect(Object.keys(filterByPanelSelection(graphs, selection, keyless))).toEqual(['a']);
  });
});

describe('an F500 graph page', () => {
  const udf: F500Node[] = [
    { number: 1001, formated_number: '01 (Network 1)', key: 'U.net1.n01', sensors: [{ id: 1, name: 'T' }] },
  ];
  const graphs = {
    'U.net1.n01': graph(series('U.net1.n01.1'), series('U.net1.n01.3')),
    'U.system': graph(series('U.system.3'), series('U.system.5')),
  };
  const none = selectionOfArrangement({ nodes: [] }, udf);
  const nodeOne = selectionOfArrangement({ nodes: [{ node: 1001, sensors: [] }] }, udf);
  const drawn = (shown: ShownGraphs) =>
    Object.values(shown.graphs).flatMap((one) => one.series.map((line) => line.sensor));

  it('tells the System group from the nodes', () => {
    expect(isOutsideNodes('U.system.3', udf)).toBe(true);
    expect(isOutsideNodes('U.net1.n01.1', udf)).toBe(false);
    expect(isOutsideNodes('U.net2.n04.1', udf)).toBe(false);
  });

  it('draws a System sensor named by the route though the panel cannot choose it', () => {
    const shown = f500GraphsOf(graphs, 'U.system.3', none, udf);
    expect(shown.isChosen).toBe(true);
    expect(drawn(shown)).toEqual(['U.system.3']);
    expect(drawn(f500GraphsOf(graphs, 'U.system.3', nodeOne, udf))).toEqual(['U.system.3']);
  });

  it("keeps a node sensor of the route to the panel's choice, and without a route only the panel's", () => {
    expect(f500GraphsOf(graphs, 'U.net1.n01.1', none, udf)).toEqual({ graphs: {}, isChosen: false });
    expect(drawn(f500GraphsOf(graphs, 'U.net1.n01.1', nodeOne, udf))).toEqual(['U.net1.n01.1']);
    expect(f500GraphsOf(graphs, undefined, none, udf).isChosen).toBe(false);
    expect(drawn(f500GraphsOf(graphs, undefined, nodeOne, udf))).toEqual(['U.net1.n01.1']);
  });
});

describe('the panel change drawn before the server answers', () => {
  const none = { nodes: [] };
  it('appends a sensor, then the whole node in its place', () => {
    const one = applyArrangementInput(none, { action: 'append', node: 1, sensor: 2 }, nodes);
    expect(one).toEqual({ nodes: [{ node: 1, sensors: ['2'] }] });
    expect(applyArrangementInput(one, { action: 'append', node: 1 }, nodes)).toEqual({
      nodes: [{ node: 1, sensors: [] }],
    });
  });

  it("unchecking a whole node's sensor leaves its others; deleting the last one drops the node", () => {
    const whole = { nodes: [{ node: 1, sensors: [] }] };
    const left = applyArrangementInput(whole, { action: 'delete', node: 1, sensor: 1 }, nodes);
    expect(left).toEqual({ nodes: [{ node: 1, sensors: ['2'] }] });
    expect(applyArrangementInput(left, { action: 'delete', node: 1, sensor: '2' }, nodes)).toEqual(none);
    expect(applyArrangementInput(whole, { action: 'delete', node: 1 }, nodes)).toEqual(none);
  });

  it('clean empties the selection', () => {
    expect(
      applyArrangementInput({ nodes: [{ node: 2, sensors: ['1'] }] }, { action: 'clean' }, nodes),
    ).toEqual(none);
  });
});

describe('empty states', () => {
  it("says 'There is no data!' only when no series holds a value", () => {
    expect(hasAnyValue({ g: graph(series('g.1', [null]), series('g.2', [])) })).toBe(false);
    expect(hasAnyValue({ g: graph(series('g.1', [null, 3])) })).toBe(true);
  });
});
