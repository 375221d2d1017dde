import { SENSOR_STATE_TEXTS } from '@vigil/contracts';
import type { Random } from '../random';
import { type DeviceModel, group, type SimGroup } from './group-kit';
import {
  contactSensor,
  counterSensor,
  enumSensor,
  fixedStateSensor,
  numericSensor,
  type SimSensor,
  speedSensor,
  temperatureSensor,
  timerSensor,
} from './sensor-kit';

/** Sensor ids of the System State group (18000 and 21000 cannot be maintenance-tested). */
const SYSTEM_IDS = {
  network: '1',
  status: '2',
  nodes: '3',
  blocks: '4',
  activity: '5',
  uptime: '18000',
  profile: '21000',
};

/** Sensors of one full node group and of the System State group. */
const NODE_SENSORS = 4;
const SYSTEM_SENSORS = 7;

/** `size` below 4 keeps the node's first sensors (a node with fewer blocks wired). */
function nodeGroup(network: number, node: number, rng: Random, size = NODE_SENSORS): SimGroup {
  const id = `n${String(node).padStart(2, '0')}`;
  const sensors: SimSensor[] = [
    temperatureSensor('1', 'Bearing Temperature', '°F', rng),
    contactSensor('2', 'Alignment', ['alignment']),
    speedSensor('3', 'Shaft Speed', rng),
    node % 3 === 0
      ? fixedStateSensor('4', 'Auxiliary Input', 'BOOL', SENSOR_STATE_TEXTS.disabled)
      : contactSensor('4', 'Auxiliary Input'),
  ].slice(0, size);
  return group(id, `Network ${network} Node ${node}`, sensors, ['node']);
}

function systemGroup(networks: number): SimGroup {
  const networkNames = Array.from({ length: networks }, (_, i) => `Network ${i + 1}`);
  return group(
    'system',
    'System State',
    [
      enumSensor(SYSTEM_IDS.network, 'Network', networkNames),
      enumSensor(SYSTEM_IDS.status, 'Status', ['Running', 'Stopped', 'Fault'], [2]),
      numericSensor({
        id: SYSTEM_IDS.nodes,
        name: 'Active Nodes',
        units: null,
        base: 0,
        noise: 0,
        decimals: 0,
      }),
      numericSensor({
        id: SYSTEM_IDS.blocks,
        name: 'Active Blocks',
        units: null,
        base: 0,
        noise: 0,
        decimals: 0,
      }),
      counterSensor(SYSTEM_IDS.activity, 'Activity'),
      timerSensor(SYSTEM_IDS.uptime, 'Uptime'),
      fixedStateSensor(SYSTEM_IDS.profile, 'Profile', 'ENUM', SENSOR_STATE_TEXTS.profileZero),
    ],
    ['system'],
  );
}

function isNodeActive(node: SimGroup): boolean {
  return node.sensors.some((sensor) => !sensor.lostComm);
}

/** Keeps System State (sensors and Meta totals) and each network's Meta {Nodes, Blocks, Activity} in step. */
function refreshF500(model: DeviceModel): void {
  const system = model.groups.find((g) => g.id === 'system');
  const activity = system?.sensors.find((s) => s.id === SYSTEM_IDS.activity)?.value ?? 0;
  let totalNodes = 0;
  let totalBlocks = 0;
  for (const network of model.groups.filter((g) => g.tags.includes('network'))) {
    const active = (network.groups ?? []).filter(isNodeActive);
    const blocks = active.reduce(
      (sum, node) => sum + node.sensors.filter((s) => s.fixedState === null).length,
      0,
    );
    network.meta = { Activity: activity, Blocks: blocks, Nodes: active.length };
    totalNodes += active.length;
    totalBlocks += blocks;
  }
  if (system) {
    system.meta = { Activity: activity, Blocks: totalBlocks, Nodes: totalNodes };
  }
  for (const sensor of system?.sensors ?? []) {
    if (sensor.id === SYSTEM_IDS.nodes) {
      sensor.value = totalNodes;
    } else if (sensor.id === SYSTEM_IDS.blocks) {
      sensor.value = totalBlocks;
    }
  }
}

/**
 * Node sizes per network: the stock layout (4 nodes on an F500, 2 × 3 on an F500-UDF), or for
 * `sensorCount` as many 4-sensor nodes as it takes, the last one trimmed, shared out over the networks.
 */
function nodeLayout(networks: number, isUdf: boolean, sensorCount: number | undefined): number[][] {
  if (sensorCount === undefined) {
    return Array.from({ length: networks }, () => Array<number>(isUdf ? 3 : 4).fill(NODE_SENSORS));
  }
  if (!Number.isInteger(sensorCount) || sensorCount <= SYSTEM_SENSORS) {
    throw new RangeError(`an F500 tree needs more than ${SYSTEM_SENSORS} sensors, got ${sensorCount}`);
  }
  const nodeSensors = sensorCount - SYSTEM_SENSORS;
  const sizes = Array.from({ length: Math.ceil(nodeSensors / NODE_SENSORS) }, (_, i) =>
    Math.min(NODE_SENSORS, nodeSensors - i * NODE_SENSORS),
  );
  const perNetwork = Math.ceil(sizes.length / networks);
  return Array.from({ length: networks }, (_, i) => sizes.slice(i * perNetwork, (i + 1) * perNetwork));
}

/**
 * F500 (one network) and F500-UDF (several networks): network groups nest node groups. `sensorCount`
 * sizes the tree (System State plus enough nodes) for load tests; the stock layout without it.
 */
export function buildF500Model(isUdf: boolean, rng: Random, sensorCount?: number): DeviceModel {
  const networks = isUdf ? 2 : 1;
  const networkGroups = nodeLayout(networks, isUdf, sensorCount).map((sizes, i) => {
    const network = group(`net${i + 1}`, `Network ${i + 1}`, [], ['network']);
    network.groups = sizes.map((size, n) => nodeGroup(i + 1, n + 1, rng, size));
    return network;
  });
  const model: DeviceModel = {
    family: 'f500',
    style: { ok: 'OK', alarm: 'Alarm' },
    groups: [systemGroup(networks), ...networkGroups],
    versionInfo: { Main: isUdf ? '3.4.1' : '2.8.0', Btm: '1.0.6', Gfx: '2.2.0', CDEP: '1.3' },
    refresh: refreshF500,
  };
  refreshF500(model);
  return model;
}
