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

function nodeGroup(network: number, node: number, rng: Random): SimGroup {
  const id = `n${String(node).padStart(2, '0')}`;
  const sensors: SimSensor[] = [
    temperatureSensor('1', 'Bearing Temperature', '°F', rng),
    contactSensor('2', 'Alignment', ['alignment']),
    speedSensor('3', 'Shaft Speed', rng),
    node % 3 === 0
      ? fixedStateSensor('4', 'Auxiliary Input', 'BOOL', SENSOR_STATE_TEXTS.disabled)
      : contactSensor('4', 'Auxiliary Input'),
  ];
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

/** F500 (one network) and F500-UDF (several networks): network groups nest node groups. */
export function buildF500Model(isUdf: boolean, rng: Random): DeviceModel {
  const networks = isUdf ? 2 : 1;
  const nodesPerNetwork = isUdf ? 3 : 4;
  const networkGroups = Array.from({ length: networks }, (_, i) => {
    const network = group(`net${i + 1}`, `Network ${i + 1}`, [], ['network']);
    network.groups = Array.from({ length: nodesPerNetwork }, (_, n) => nodeGroup(i + 1, n + 1, rng));
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
