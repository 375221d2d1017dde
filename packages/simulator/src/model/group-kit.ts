import type { Group, GroupMeta, VersionInfo } from '@vigil/contracts';
import { renderSensor, type SimSensor, type StatusStyle } from './sensor-kit';

export type SimGroup = {
  id: string;
  name: string;
  /** Network groups carry {Activity, Blocks, Nodes}; others send nulls. */
  meta: GroupMeta;
  sensors: SimSensor[];
  groups: SimGroup[] | null;
  tags: string[];
};

export function group(id: string, name: string, sensors: SimSensor[], tags: string[] = []): SimGroup {
  return { id, name, meta: { Activity: null, Blocks: null, Nodes: null }, sensors, groups: null, tags };
}

export type DeviceFamily = 'f500' | 'wdc4' | 'eth-node';

/** A device type's groups plus the family rules for status words and System State upkeep. */
export type DeviceModel = {
  family: DeviceFamily;
  style: StatusStyle;
  groups: SimGroup[];
  versionInfo: VersionInfo;
  /** Family upkeep after sensors moved (System State, network Meta). */
  refresh: (model: DeviceModel) => void;
};

/** Renders a group; its Alarm/Status summarise its sensors and nested groups. */
export function renderGroup(simGroup: SimGroup, style: StatusStyle): Group {
  const sensors = simGroup.sensors.map((sensor) => renderSensor(sensor, style));
  const groups = simGroup.groups?.map((child) => renderGroup(child, style)) ?? null;
  const statuses = [...sensors.map((s) => s.Status), ...(groups ?? []).map((g) => g.Status)];
  const alarm = sensors.some((s) => s.Alarm) || (groups ?? []).some((g) => g.Alarm);
  return {
    Id: simGroup.id,
    Name: simGroup.name,
    Status: summariseStatus(alarm, statuses, style),
    Alarm: alarm,
    Meta: { ...simGroup.meta },
    sensors,
    groups,
  };
}

export function summariseStatus(alarm: boolean, statuses: string[], style: StatusStyle): string {
  if (alarm) {
    return style.alarm;
  }
  if (style.ok === 'OK' && statuses.length > 0 && statuses.every((status) => status === 'N/A')) {
    return 'N/A';
  }
  return 'OK';
}

/** Walks every sensor with the ids of the groups above it. */
export function* walkSensors(
  groups: SimGroup[],
  path: string[] = [],
): Generator<{ path: string[]; sensor: SimSensor; group: SimGroup }> {
  for (const simGroup of groups) {
    const groupPath = [...path, simGroup.id];
    for (const sensor of simGroup.sensors) {
      yield { path: groupPath, sensor, group: simGroup };
    }
    yield* walkSensors(simGroup.groups ?? [], groupPath);
  }
}

/** Walks every group with its path (including its own id). */
export function* walkGroups(
  groups: SimGroup[],
  path: string[] = [],
): Generator<{ path: string[]; group: SimGroup }> {
  for (const simGroup of groups) {
    const groupPath = [...path, simGroup.id];
    yield { path: groupPath, group: simGroup };
    yield* walkGroups(simGroup.groups ?? [], groupPath);
  }
}
