import { networkNumberOf } from '@vigil/contracts';
import type { Database } from '../../db/database';
import { findNetworkNamesOfDevices, findSensorNamesOfDevices } from './sensor-settings.repo';

/**
 * A sensor's name as a person reads it wherever one sensor is named among others (notifications, toasts,
 * e-mails, the warnings list, analytics; docs/sensor-settings.md 'Display names'). F500 units repeat every
 * sensor name on each node, so a sensor of a node group carries its node, and on an F500-UDF its network:
 * 'Bearing Temperature · Node 3', 'Bearing Temperature · Network 1 · Node 3' (the custom network name where set).
 */

export const NAME_PART_SEPARATOR = ' · ';

/** What names a sensor's place: the device's type (F500-UDF names networks) and its custom network names. */
export type SensorPlaceNaming = {
  deviceType: string | null;
  networks?: Readonly<Record<string, string>>;
};

/** The groups of a full dotted id (tree Id, group Ids, sensor Id). */
const groupsOf = (fullSensorId: string): string[] => fullSensorId.split('.').slice(1, -1);

/** A sensor of a group nested in another (an F500 node inside its network group). */
export function isNodeSensorId(fullSensorId: string): boolean {
  return groupsOf(fullSensorId).length >= 2;
}

/** 'n03' → 'Node 3' (the node's own number, as the tree's group names write it); an Id without digits as it is. */
function nodeLabelOf(groupId: string): string {
  const digits = /(\d+)$/.exec(groupId)?.[1];
  return `Node ${digits === undefined ? groupId : Number(digits)}`;
}

/** 'net1' → the custom name of network 1, else 'Network 1'. */
function networkLabelOf(groupId: string, networks: Readonly<Record<string, string>>): string {
  const number = networkNumberOf({ Id: groupId, Name: '' });
  if (number === null) {
    return `Network ${groupId}`;
  }
  return networks[number] ?? `Network ${number}`;
}

/** The sensor's name followed by its node (and network on an F500-UDF) when it sits in a node group. */
export function sensorDisplayName(fullSensorId: string, name: string, place: SensorPlaceNaming): string {
  const groups = groupsOf(fullSensorId);
  const node = groups.at(-1);
  if (groups.length < 2 || node === undefined) {
    return name;
  }
  const parts = [name];
  const network = groups[0];
  if (place.deviceType === 'F500-UDF' && network !== undefined) {
    parts.push(networkLabelOf(network, place.networks ?? {}));
  }
  parts.push(nodeLabelOf(node));
  return parts.join(NAME_PART_SEPARATOR);
}

/** The last part of a dotted sensor id (the sensor's own Id). */
export function leafIdOf(fullSensorId: string): string {
  return fullSensorId.slice(fullSensorId.lastIndexOf('.') + 1);
}

/**
 * Names sensors of a set of devices: the configured name, else the name the device reported, else the sensor's
 * Id; then its place (sensorDisplayName).
 */
export type SensorNamer = (
  device: { id: number; deviceType: string | null },
  fullSensorId: string,
  reportedName?: string | null,
) => string;

/** Reads the configured sensor and network names of the devices once, for a SensorNamer. */
export async function loadSensorNamer(db: Database, deviceIds: readonly number[]): Promise<SensorNamer> {
  const ids = [...new Set(deviceIds)];
  const [names, networks] = await Promise.all([
    findSensorNamesOfDevices(db, ids),
    findNetworkNamesOfDevices(db, ids),
  ]);
  return (device, fullSensorId, reportedName) => {
    const reported = reportedName?.trim() ? reportedName.trim() : null;
    const name = names.get(`${device.id}:${fullSensorId}`) ?? reported ?? leafIdOf(fullSensorId);
    return sensorDisplayName(fullSensorId, name, {
      deviceType: device.deviceType,
      networks: networks.get(device.id),
    });
  };
}
