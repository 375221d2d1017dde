import {
  type Group,
  type ShapeSchema,
  type StateTree,
  type Tab,
  type TextElementSchema,
  VISUAL_LIMITS,
} from '@vigil/contracts';
import type { z } from 'zod';
import type {
  VisualConnectorRow,
  VisualMachineRow,
  VisualTabRow,
} from '../../db/tables/visual-dashboard.table';
import type { TabBindingRow } from './tabs.repo';

/** A sensor of a device's tree as a tab names it. */
export type SensorLabel = { name: string; groupName: string };

/** Every sensor of a tree by full dotted id (`<deviceId>.<group>...<sensor>`), with its name and its group's. */
export function sensorLabelsOf(tree: StateTree): Map<string, SensorLabel> {
  const labels = new Map<string, SensorLabel>();
  const deviceId = tree.device.deviceId;
  for (const sensor of tree.sensors) {
    labels.set(`${deviceId}.${sensor.Id}`, { name: sensor.Name, groupName: '' });
  }
  const stack: Array<{ group: Group; prefix: string }> = (tree.groups ?? []).map((group) => ({
    group,
    prefix: `${deviceId}`,
  }));
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const prefix = `${item.prefix}.${item.group.Id}`;
    for (const sensor of item.group.sensors) {
      labels.set(`${prefix}.${sensor.Id}`, { name: sensor.Name, groupName: item.group.Name });
    }
    for (const group of item.group.groups ?? []) {
      stack.push({ group, prefix });
    }
  }
  return labels;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The tab as GET tabs/{id}/ answers it (wire-formats, compatibility section). */
export function toTabJson(
  tab: VisualTabRow,
  machines: VisualMachineRow[],
  connectors: VisualConnectorRow[],
  bindings: TabBindingRow[],
  labelOf: (binding: TabBindingRow) => SensorLabel,
): Tab {
  const limit = VISUAL_LIMITS.coordinateMax;
  return {
    id: tab.id,
    name: tab.name,
    schema: tab.schemaId,
    height: clamp(tab.height, VISUAL_LIMITS.canvasMin, VISUAL_LIMITS.canvasMax),
    width: clamp(tab.width, VISUAL_LIMITS.canvasMin, VISUAL_LIMITS.canvasMax),
    zoom: clamp(tab.zoom, VISUAL_LIMITS.zoomMin, VISUAL_LIMITS.zoomMax),
    offset_x: clamp(tab.offsetX, -limit, limit),
    offset_y: clamp(tab.offsetY, -limit, limit),
    machines: machines.map((machine) => ({
      id: machine.id,
      name: machine.name,
      x_coord: clamp(machine.xCoord, -limit, limit),
      y_coord: clamp(machine.yCoord, -limit, limit),
      scale: machine.scale,
      flip: machine.flip,
      type_of_machine: machine.typeOfMachine,
      sensors: bindings
        .filter((binding) => binding.machineId === machine.id)
        .map((binding) => {
          const label = labelOf(binding);
          return {
            sensor_point: binding.sensorPoint,
            sensor: {
              id: binding.sensorId,
              name: label.name,
              group_name: label.groupName,
              device: { name: binding.deviceName },
            },
          };
        }),
      system_state_sensor: machine.systemStateSensor,
    })),
    connectors: connectors.map((connector) => ({
      id: connector.id,
      start_machine: connector.startMachineId,
      start_anchor_point: connector.startAnchorPoint,
      end_machine: connector.endMachineId,
      end_anchor_point: connector.endAnchorPoint,
      additional_points: connector.additionalPoints as Tab['connectors'][number]['additional_points'],
    })),
    shapes: tab.shapes as z.infer<typeof ShapeSchema>[],
    text_elements: tab.textElements as z.infer<typeof TextElementSchema>[],
  };
}
