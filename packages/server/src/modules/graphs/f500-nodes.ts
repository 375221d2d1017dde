import {
  type F500Node,
  fullSensorId,
  type Group,
  networkNumberOf,
  type SensorDisplaySettings,
  type StateTree,
} from '@vigil/contracts';

/**
 * The F500 side panel's nodes (M section 2; docs/graphs.md 'F500 panel'): every group nested inside another
 * group (F500 nodes sit inside a network group, wire-formats.md) that has sensors, in tree order.
 */

/** A node as the panel lists it, plus its graph key (the dotted group path the graph payload is keyed by). */
export type PanelNode = F500Node & { key: string };

/** F500-UDF node numbers are network × this + the node's own number, so nodes of two networks never clash. */
export const NETWORK_NODE_STRIDE = 1_000;

const pad2 = (value: number) => String(value).padStart(2, '0');

/** The node's own number: a numeric Id, else the digits ending its Id ('n03'), else those ending its Name. */
export function ownNodeNumber(group: Pick<Group, 'Id' | 'Name'>): number | null {
  if (typeof group.Id === 'number') {
    return Number.isSafeInteger(group.Id) && group.Id >= 0 ? group.Id : null;
  }
  const digits = /(\d+)\s*$/.exec(group.Id) ?? /(\d+)\s*$/.exec(group.Name);
  const number = digits?.[1] === undefined ? Number.NaN : Number(digits[1]);
  return Number.isSafeInteger(number) ? number : null;
}

/**
 * wire-formats.md: f500-nodes/ sensor ids are JSON numbers. A number stays one, and so does an Id sent as the
 * text of a whole number ('3'); any other text ('03', 'a1') stays text, so no Id is changed by the conversion.
 */
export function wireSensorId(id: string | number): string | number {
  return typeof id === 'string' && /^(0|[1-9]\d{0,14})$/.test(id) ? Number(id) : id;
}

type NodeEntry = {
  group: Group;
  path: Array<string | number>;
  network: { number: number; group: Group };
  own: number | null;
};

function nodeEntriesOf(tree: StateTree): NodeEntry[] {
  const entries: NodeEntry[] = [];
  const visit = (groups: Group[], path: Array<string | number>, network: NodeEntry['network']) => {
    for (const group of groups) {
      const groupPath = [...path, group.Id];
      if (path.length > 0 && group.sensors.length > 0) {
        entries.push({ group, path: groupPath, network, own: ownNodeNumber(group) });
      }
      visit(group.groups ?? [], groupPath, network);
    }
  };
  tree.groups.forEach((group, index) => {
    visit([group], [], { number: Number(networkNumberOf(group) ?? index + 1), group });
  });
  return entries;
}

/** The names the panel shows: custom sensor names by full id, custom F500-UDF network names by number. */
export type PanelNames = Pick<SensorDisplaySettings, 'names' | 'networks'>;

/**
 * The nodes of an F500 or F500-UDF tree. `number` is the tree's node number (F500-UDF: network × 1000 + it, so
 * node 1 of network 2 is 2001); a node without one, or repeating one, takes the next number above all others.
 * `formated_number` is the node's own number with two digits ('03'; the panel writes 'Node 03'), followed on an
 * F500-UDF by its network's name ('03 (Network 2)', the custom network name where set). Sensor ids are JSON
 * numbers where the tree's Id is a whole number (wireSensorId); names are the custom names where set.
 */
export function f500NodesOf(
  tree: StateTree,
  isUdf: boolean,
  names: PanelNames = { names: {}, networks: {} },
): PanelNode[] {
  const entries = nodeEntriesOf(tree);
  const numbered = entries.map((entry) =>
    entry.own === null ? null : isUdf ? entry.network.number * NETWORK_NODE_STRIDE + entry.own : entry.own,
  );
  let spare = Math.max(0, ...numbered.map((number) => number ?? 0)) + 1;
  const taken = new Set<number>();
  return entries.map((entry, index) => {
    let number = numbered[index] ?? null;
    if (number === null || taken.has(number)) {
      number = spare;
      spare += 1;
    }
    taken.add(number);
    const padded = pad2(entry.own ?? number);
    return {
      number,
      formated_number: isUdf ? `${padded} (${networkNameOf(entry.network.group, names)})` : padded,
      key: [tree.device.deviceId, ...entry.path].join('.'),
      sensors: entry.group.sensors.map((sensor) => {
        const fullId = fullSensorId(tree.device.deviceId, entry.path, sensor.Id);
        return { id: wireSensorId(sensor.Id), name: names.names[fullId] ?? sensor.Name };
      }),
    };
  });
}

function networkNameOf(group: Group, names: PanelNames): string {
  const number = networkNumberOf(group);
  return (number === null ? undefined : names.networks[number]) ?? group.Name;
}
