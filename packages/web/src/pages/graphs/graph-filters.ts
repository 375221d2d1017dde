import type { F500Node, Graph, GraphArrangement, GraphArrangementInput, GraphSeries } from '@vigil/contracts';

/** Graphs keyed by their dotted path, in the payload's order (M section 9). */
export type GraphMap = Record<string, Graph>;

const lastSegmentOf = (path: string) => path.slice(path.lastIndexOf('.') + 1);

/**
 * M section 2: on '/graphs/{sensorId}' a series is shown when its sensor id's last dotted segment is the route's
 * id. A dotted route id (a full or partial path) matches the same ending.
 */
export function isSensorOfRoute(sensor: string, routeSensorId: string): boolean {
  if (routeSensorId === '') {
    return true;
  }
  return (
    sensor === routeSensorId ||
    sensor.endsWith(`.${routeSensorId}`) ||
    lastSegmentOf(sensor) === routeSensorId
  );
}

/** Keeps the series `keep` accepts; graphs left without series are dropped; order is kept. */
function filterSeries(graphs: GraphMap, keep: (series: GraphSeries) => boolean): GraphMap {
  const kept: GraphMap = {};
  for (const [key, graph] of Object.entries(graphs)) {
    const series = graph.series.filter(keep);
    if (series.length === graph.series.length) {
      kept[key] = graph;
    } else if (series.length > 0) {
      kept[key] = { ...graph, series };
    }
  }
  return kept;
}

/** The graphs of '/graphs/{sensorId}' (all of them without a sensor id). */
export function filterByRouteSensor(graphs: GraphMap, routeSensorId: string | undefined): GraphMap {
  if (routeSensorId === undefined || routeSensorId === '') {
    return graphs;
  }
  return filterSeries(graphs, (series) => isSensorOfRoute(series.sensor, routeSensorId));
}

/** The F500 side panel's selection: node number → ids of its chosen sensors (as text). */
export type PanelSelection = ReadonlyMap<number, ReadonlySet<string>>;

/** The arrangement read back from the server as a selection; a node without sensors is the whole node. */
export function selectionOfArrangement(
  arrangement: GraphArrangement,
  nodes: readonly F500Node[],
): PanelSelection {
  const selection = new Map<number, Set<string>>();
  for (const chosen of arrangement.nodes) {
    const node = nodes.find((one) => one.number === chosen.node);
    const all = node?.sensors.map((sensor) => String(sensor.id)) ?? [];
    const sensors = chosen.sensors.length === 0 ? all : chosen.sensors.map(String);
    if (sensors.length > 0) {
      selection.set(chosen.node, new Set(sensors));
    }
  }
  return selection;
}

/**
 * The selection an arrangement call will answer, drawn at once (the server's rules: a whole node replaces its
 * single sensors; unchecking one sensor of a whole node leaves its others; clean empties).
 */
export function applyArrangementInput(
  arrangement: GraphArrangement,
  input: GraphArrangementInput,
  nodes: readonly F500Node[],
): GraphArrangement {
  if (input.action === 'clean') {
    return { nodes: [] };
  }
  const { node } = input;
  if (node === undefined) {
    return arrangement;
  }
  const others = arrangement.nodes.filter((entry) => entry.node !== node);
  const current = arrangement.nodes.find((entry) => entry.node === node);
  const sensor = input.sensor === undefined ? null : String(input.sensor);
  const isWhole = current !== undefined && current.sensors.length === 0;
  if (input.action === 'append') {
    if (sensor === null) {
      return { nodes: [...others, { node, sensors: [] }] };
    }
    if (isWhole || current?.sensors.includes(sensor)) {
      return arrangement;
    }
    return { nodes: [...others, { node, sensors: [...(current?.sensors ?? []), sensor] }] };
  }
  if (sensor === null || current === undefined) {
    return { nodes: others };
  }
  const all = nodes.find((one) => one.number === node)?.sensors.map((one) => String(one.id)) ?? [];
  const rest = (isWhole ? all : current.sensors).filter((id) => id !== sensor);
  return { nodes: rest.length === 0 ? others : [...others, { node, sensors: rest }] };
}

export function hasSelection(selection: PanelSelection): boolean {
  return [...selection.values()].some((sensors) => sensors.size > 0);
}

/** Checked, partly checked or not, for a node's checkbox. */
export function nodeCheckState(node: F500Node, selection: PanelSelection): 'all' | 'some' | 'none' {
  const chosen = selection.get(node.number);
  if (chosen === undefined || chosen.size === 0) {
    return 'none';
  }
  const isAll = node.sensors.every((sensor) => chosen.has(String(sensor.id)));
  return isAll ? 'all' : 'some';
}

/**
 * The node of a series without the node's graph key: the last group segment written 'n{number}' (net1.n03 → 3),
 * as F500 trees name node groups; null for groups that are no node (System State).
 */
export function nodeNumberOfSensor(sensor: string): number | null {
  const segments = sensor.split('.').slice(0, -1);
  for (let index = segments.length - 1; index >= 0; index -= 1) {
    const match = /^n(\d+)$/i.exec(segments[index] ?? '');
    if (match?.[1] !== undefined) {
      return Number(match[1]);
    }
  }
  return null;
}

/**
 * Whether a series is one of the sensors chosen in the F500 panel. A node's series are those under its graph key
 * (f500-nodes/ gives it: F500-UDF node numbers are network × 1000 + node); a node without a key by its n{number}.
 */
function panelChoiceOf(
  selection: PanelSelection,
  nodes: readonly F500Node[],
): (series: GraphSeries) => boolean {
  const chosen = new Set<string>();
  for (const node of nodes) {
    for (const sensor of node.key === undefined ? [] : (selection.get(node.number) ?? [])) {
      chosen.add(`${node.key}.${sensor}`);
    }
  }
  const keyless = new Set(nodes.filter((node) => node.key === undefined).map((node) => node.number));
  return (series) => {
    if (chosen.has(series.sensor)) {
      return true;
    }
    const node = nodeNumberOfSensor(series.sensor);
    return (
      node !== null && keyless.has(node) && (selection.get(node)?.has(lastSegmentOf(series.sensor)) ?? false)
    );
  };
}

/** M section 2 (F500, F500-UDF): only the series of the sensors chosen in the side panel are drawn. */
export function filterByPanelSelection(
  graphs: GraphMap,
  selection: PanelSelection,
  nodes: readonly F500Node[],
): GraphMap {
  return filterSeries(graphs, panelChoiceOf(selection, nodes));
}

/** A sensor in no node of the panel (the System group): under no node's graph key and in no n{number} group. */
export function isOutsideNodes(sensor: string, nodes: readonly F500Node[]): boolean {
  return (
    nodeNumberOfSensor(sensor) === null &&
    !nodes.some((node) => node.key !== undefined && sensor.startsWith(`${node.key}.`))
  );
}

/** The graphs a page draws, and whether anything is chosen to draw ('Please select Sensors…' otherwise). */
export type ShownGraphs = { graphs: GraphMap; isChosen: boolean };

/**
 * What an F500 graph page draws: the route's sensor as on any device, within the panel's choice of node
 * sensors. A sensor in no node has no checkbox in the panel, so the route alone chooses it: clicking a System
 * sensor on the dashboard opens /graphs/{its id}, which draws it whatever the panel holds.
 */
export function f500GraphsOf(
  graphs: GraphMap,
  routeSensorId: string | undefined,
  selection: PanelSelection,
  nodes: readonly F500Node[],
): ShownGraphs {
  const isRouted = routeSensorId !== undefined && routeSensorId !== '';
  const routed = filterByRouteSensor(graphs, routeSensorId);
  const isRoutedOutside = (series: GraphSeries) => isRouted && isOutsideNodes(series.sensor, nodes);
  const isPanelChoice = panelChoiceOf(selection, nodes);
  const routesOutsideNodes = Object.values(routed).some((graph) => graph.series.some(isRoutedOutside));
  return {
    graphs: filterSeries(routed, (series) => isPanelChoice(series) || isRoutedOutside(series)),
    isChosen: hasSelection(selection) || routesOutsideNodes,
  };
}

/** Whether any series of any graph holds a point with a value ('There is no data!' otherwise). */
export function hasAnyValue(graphs: GraphMap): boolean {
  return Object.values(graphs).some((graph) =>
    graph.series.some((series) => series.data.some((point) => point[1] !== null)),
  );
}
