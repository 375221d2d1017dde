import type { GraphArrangement, GraphArrangementInput } from '@vigil/contracts';

/**
 * The F500 panel's selection (docs/graphs.md 'F500 panel'): pure rules over a user's entries for one device.
 * An entry is a node and a sensor Id as text; the sensor '' (WHOLE_NODE) chooses every sensor of the node.
 */

export type ArrangementEntry = { node: number; sensor: string };

export const WHOLE_NODE = '';

/** Entries one user keeps for one device (a 500-sensor device fits; more is refused). */
export const GRAPH_ARRANGEMENT_MAX_ENTRIES = 500;

export const ARRANGEMENT_MESSAGES = {
  nodeRequired: 'Choose a node.',
  nodeInvalid: 'Choose a node by its number (0 to 65535).',
  sensorInvalid: 'Choose a sensor by its id: a number or text of at most 200 characters.',
  unknownNode: 'This device has no such node.',
  unknownSensor: 'This node has no such sensor.',
  graphTypeInvalid: 'The graph type is text of at most 40 characters.',
  tooMany: `A device keeps at most ${GRAPH_ARRANGEMENT_MAX_ENTRIES} chosen nodes and sensors per person.`,
} as const;

export type ArrangementResult =
  | { ok: true; entries: ArrangementEntry[] }
  | { ok: false; field: 'node' | 'sensor' | 'non_field_errors'; message: string };

/** The sensor Ids of each node of the device's latest tree, as text (f500-nodes/ numbering). */
export type NodeSensors = ReadonlyMap<number, readonly string[]>;

/** A sent sensor as stored: text, trimmed; absent or blank means the whole node. */
export function sensorOf(input: Pick<GraphArrangementInput, 'sensor'>): string {
  return input.sensor === undefined ? WHOLE_NODE : String(input.sensor).trim();
}

const same = (a: ArrangementEntry, b: ArrangementEntry) => a.node === b.node && a.sensor === b.sensor;

function append(current: ArrangementEntry[], node: number, sensor: string): ArrangementEntry[] {
  if (sensor === WHOLE_NODE) {
    // The whole node replaces its single sensors.
    return [...current.filter((entry) => entry.node !== node), { node, sensor }];
  }
  const covered = current.some((entry) => entry.node === node && entry.sensor === WHOLE_NODE);
  const wanted = { node, sensor };
  return covered || current.some((entry) => same(entry, wanted)) ? current : [...current, wanted];
}

function remove(
  current: ArrangementEntry[],
  node: number,
  sensor: string,
  nodeSensors: NodeSensors,
): ArrangementEntry[] {
  const others = current.filter((entry) => entry.node !== node);
  if (sensor === WHOLE_NODE) {
    return others;
  }
  const ofNode = current.filter((entry) => entry.node === node);
  if (ofNode.some((entry) => entry.sensor === WHOLE_NODE)) {
    // Unchecking one sensor of a whole node leaves the node's other sensors chosen.
    const rest = (nodeSensors.get(node) ?? []).filter((id) => id !== sensor);
    return [...others, ...rest.map((id) => ({ node, sensor: id }))];
  }
  return [...others, ...ofNode.filter((entry) => entry.sensor !== sensor)];
}

/**
 * The entries after an action: append adds the node's sensor (or the whole node), delete removes it (one
 * sensor of a whole node leaves the others), clean empties. Idempotent: repeating an action changes nothing.
 * Append checks the node and sensor against the latest tree; delete accepts what is gone from it.
 */
export function applyArrangementAction(
  current: readonly ArrangementEntry[],
  input: GraphArrangementInput,
  nodeSensors: NodeSensors,
): ArrangementResult {
  if (input.action === 'clean') {
    return { ok: true, entries: [] };
  }
  if (input.node === undefined) {
    return { ok: false, field: 'node', message: ARRANGEMENT_MESSAGES.nodeRequired };
  }
  const { node } = input;
  const sensor = sensorOf(input);
  if (input.action === 'delete') {
    return { ok: true, entries: remove([...current], node, sensor, nodeSensors) };
  }
  const sensors = nodeSensors.get(node);
  if (sensors === undefined) {
    return { ok: false, field: 'node', message: ARRANGEMENT_MESSAGES.unknownNode };
  }
  if (sensor !== WHOLE_NODE && !sensors.includes(sensor)) {
    return { ok: false, field: 'sensor', message: ARRANGEMENT_MESSAGES.unknownSensor };
  }
  const entries = append([...current], node, sensor);
  if (entries.length > GRAPH_ARRANGEMENT_MAX_ENTRIES && entries.length > current.length) {
    return { ok: false, field: 'non_field_errors', message: ARRANGEMENT_MESSAGES.tooMany };
  }
  return { ok: true, entries };
}

const byText = new Intl.Collator('en', { numeric: true }).compare;

/** The selection as the page reads it back: nodes by number, sensors in natural order ([] = whole node). */
export function arrangementOf(entries: readonly ArrangementEntry[]): GraphArrangement {
  const nodes = new Map<number, { whole: boolean; sensors: string[] }>();
  for (const entry of entries) {
    const node = nodes.get(entry.node) ?? { whole: false, sensors: [] };
    if (entry.sensor === WHOLE_NODE) {
      node.whole = true;
    } else {
      node.sensors.push(entry.sensor);
    }
    nodes.set(entry.node, node);
  }
  return {
    nodes: [...nodes.entries()]
      .sort(([a], [b]) => a - b)
      .map(([node, { whole, sensors }]) => ({ node, sensors: whole ? [] : sensors.sort(byText) })),
  };
}
