import { queryOptions, useQuery } from '@tanstack/react-query';
import { SEARCH_SENSOR_LIMITS, type SearchSensorItem, VISUAL_MESSAGES } from '@vigil/contracts';
import { useMemo, useState } from 'react';
import { devicesQuery } from '../../../api/devices';
import { searchSensors, visualDashboardKeys } from '../../../api/visual-dashboard';
import { type Proposal, proposeBindings, proposeStateSensor, type TemplatePoint } from './binding-template';
import type { BoundSensor, MachineNode, MachineNodeData } from './editor-model';
import { sensorLabel } from './load-tab';
import type { localBindings } from './sensor-use';

/** A point's sensor in the dialog: a full id, or null for none. */
export type TemplateChoice = { point: number; sensorId: string | null };

/** What Confirm writes on the node: every sensor point's binding and the running-state sensor. */
export type TemplateResult = {
  sensors: Array<{ point: number; sensor: BoundSensor }>;
  stateSensor: MachineNodeData['stateSensor'];
};

/** Where the node lives: the site whose devices are offered, and the schema and tab being edited. */
export type TemplatePlace = { siteId: number; schemaId: number | null; tabId: number | null };

/**
 * The sensors of one device of the site: search-sensor/ leaving the site's other devices out (or, when their list
 * is longer than the query allows, the site's first results of this device).
 */
function deviceSensorsQuery(place: TemplatePlace, deviceId: number | null, otherIds: number[]) {
  const list = otherIds.join(',');
  const excludeDevices = list.length <= SEARCH_SENSOR_LIMITS.deviceListLength ? otherIds : [];
  return queryOptions({
    queryKey: [...visualDashboardKeys.all, 'device-sensors', place.siteId, deviceId, place.schemaId, list],
    queryFn: async ({ signal }) => {
      const items = await searchSensors(
        { siteId: place.siteId, q: '', schemaId: place.schemaId, excludeDevices },
        signal,
      );
      return items.filter((item) => item.device.id === deviceId);
    },
    enabled: deviceId !== null,
  });
}

/** Why a sensor cannot be bound on this node (bound on another machine of this tab or on another tab), or null. */
export function unavailableNote(
  item: SearchSensorItem,
  nodeId: string,
  tabId: number | null,
  bindings: ReturnType<typeof localBindings>,
): string | null {
  const here = bindings.get(item.id);
  if (here !== undefined) {
    return here.nodeId === nodeId ? null : VISUAL_MESSAGES.alreadyInUse(here.machineName);
  }
  const elsewhere = item.tabs.find((tab) => tab.id !== tabId);
  return elsewhere === undefined
    ? null
    : VISUAL_MESSAGES.alreadyInUse(`${elsewhere.machine_name} (${elsewhere.name})`);
}

/**
 * The 'Bind from device…' dialog's state (docs/visual-dashboard.md 'Web: templates'): the site's devices, the chosen
 * device's sensors, the matcher's proposal per point and the person's changes to it.
 */
export function useBindFromDevice(
  node: MachineNode,
  machine: { typeName: string; points: readonly TemplatePoint[] },
  place: TemplatePlace,
  bindings: ReturnType<typeof localBindings>,
) {
  const { points } = machine;
  const devices = useQuery(devicesQuery(place.siteId));
  const [deviceId, setDeviceId] = useState<number | null>(null);
  const [changes, setChanges] = useState<ReadonlyMap<number, string | null>>(new Map());
  /** The person's choice for the running-state slot; undefined while they keep the proposal. */
  const [stateChange, setStateChange] = useState<string | null | undefined>(undefined);
  const otherIds = (devices.data ?? []).map((device) => device.id).filter((id) => id !== deviceId);
  const sensors = useQuery(deviceSensorsQuery(place, deviceId, otherIds));

  const notes = useMemo(() => {
    const found = new Map<string, string>();
    for (const item of sensors.data ?? []) {
      const note = unavailableNote(item, node.id, place.tabId, bindings);
      if (note !== null) {
        found.set(item.id, note);
      }
    }
    return found;
  }, [sensors.data, node.id, place.tabId, bindings]);

  const proposals: Proposal[] = useMemo(
    () => (sensors.data === undefined ? [] : proposeBindings(points, sensors.data, new Set(notes.keys()))),
    [points, sensors.data, notes],
  );

  const machineWords = `${machine.typeName} ${node.data.name}`;
  const stateProposal = useMemo(
    () => (sensors.data === undefined ? null : proposeStateSensor(machineWords, sensors.data)),
    [machineWords, sensors.data],
  );
  /** The running-state slot in the dialog: the person's change, else the proposal, else what it holds now. */
  const stateChoice =
    stateChange !== undefined ? stateChange : (stateProposal ?? node.data.stateSensor?.id ?? null);

  /** What each point holds in the dialog: the person's change, else the proposal, else what is bound now. */
  const choices: TemplateChoice[] = points.map((point) => {
    if (changes.has(point.id)) {
      return { point: point.id, sensorId: changes.get(point.id) ?? null };
    }
    const proposed = proposals.find((proposal) => proposal.point === point.id)?.sensorId ?? null;
    const current = node.data.sensors.find((bound) => bound.point === point.id)?.sensor.id ?? null;
    return { point: point.id, sensorId: proposed ?? current };
  });

  const chooseDevice = (id: number) => {
    setDeviceId(id);
    setChanges(new Map());
    setStateChange(undefined);
  };
  const choose = (point: number, sensorId: string | null) =>
    setChanges((current) => new Map(current).set(point, sensorId));

  /** The bindings Confirm writes: every point with a sensor and the state sensor, named as the picker names them. */
  const result = (): TemplateResult => ({ sensors: pointResult(), stateSensor: stateResult() });
  const stateResult = (): MachineNodeData['stateSensor'] => {
    const item = sensors.data?.find((sensor) => sensor.id === stateChoice);
    if (item !== undefined) {
      return { id: item.id, label: sensorLabel(item) };
    }
    const kept = node.data.stateSensor;
    return kept !== null && kept.id === stateChoice ? kept : null;
  };
  const pointResult = (): Array<{ point: number; sensor: BoundSensor }> =>
    choices.flatMap((choice) => {
      const item = sensors.data?.find((sensor) => sensor.id === choice.sensorId);
      if (item !== undefined) {
        const { id, name, group_name } = item;
        return [{ point: choice.point, sensor: { id, name, group_name, deviceName: item.device.name } }];
      }
      const kept = node.data.sensors.find((bound) => bound.sensor.id === choice.sensorId);
      return kept === undefined ? [] : [{ point: choice.point, sensor: kept.sensor }];
    });

  const stateSensor = {
    proposal: stateProposal,
    choice: stateChoice,
    isChanged: stateChange !== undefined,
    choose: (sensorId: string | null) => setStateChange(sensorId),
  };
  return {
    devices,
    deviceId,
    chooseDevice,
    sensors,
    notes,
    proposals,
    choices,
    changes,
    choose,
    stateSensor,
    result,
  };
}
