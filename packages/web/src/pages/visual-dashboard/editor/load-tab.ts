import { type MachineTypeJson, type Tab, VISUAL_DEFAULTS } from '@vigil/contracts';
import type {
  ConnectorEdge,
  EditorDiagram,
  EditorNode,
  LabelNode,
  MachineNode,
  OpenConnector,
  ShapeNode,
} from './editor-model';
import { machineNodeId, machineNodeSize } from './editor-model';

/** The diagram of a new tab: an empty canvas of the spec's default size (M section 9: 800 × 600). */
export function emptyDiagram(): EditorDiagram {
  return {
    tabName: '',
    width: VISUAL_DEFAULTS.canvasWidth,
    height: VISUAL_DEFAULTS.canvasHeight,
    viewport: { x: 0, y: 0, zoom: 1 },
    nodes: [],
    edges: [],
    openConnectors: [],
  };
}

/**
 * A saved tab as the editor's nodes and edges. The canvas keeps the tab's own width (the earlier client's 970 on
 * load was its default for a tab without one; Vigil's tabs always have one: docs/visual-dashboard.md 'Web: editor').
 */
export function diagramFromTab(tab: Tab, types: ReadonlyMap<number, MachineTypeJson>): EditorDiagram {
  const machines: MachineNode[] = tab.machines.map((machine) => ({
    id: machineNodeId(machine.id),
    type: 'machine',
    position: { x: machine.x_coord, y: machine.y_coord },
    ...machineNodeSize(types.get(machine.type_of_machine), machine.scale),
    data: {
      typeId: machine.type_of_machine,
      name: machine.name,
      scale: machine.scale,
      flip: machine.flip,
      machineId: machine.id,
      sensors: machine.sensors.map((bound) => ({
        point: bound.sensor_point,
        sensor: {
          id: bound.sensor.id,
          name: bound.sensor.name,
          group_name: bound.sensor.group_name,
          deviceName: bound.sensor.device.name,
        },
      })),
      stateSensor: stateSensorOf(machine.system_state_sensor, tab),
    },
  }));
  const shapes: ShapeNode[] = tab.shapes.map((shape, index) => ({
    id: `shape-${index}`,
    type: 'shape',
    position: { x: shape.offsetLeft, y: shape.offsetTop },
    width: shape.width,
    height: shape.height,
    data: { shape: shape.shape, rotateAngle: shape.rotateAngle },
  }));
  const labels: LabelNode[] = tab.text_elements.map((label, index) => ({
    id: `label-${index}`,
    type: 'label',
    position: { x: label.offsetLeft, y: label.offsetTop },
    data: { value: label.value, fontSize: label.fontSize },
  }));
  const edges: ConnectorEdge[] = [];
  const openConnectors: OpenConnector[] = [];
  tab.connectors.forEach((connector, index) => {
    const additionalPoints = connector.additional_points.map((point) => ({
      x: point.x_coord,
      y: point.y_coord,
    }));
    if (connector.end_machine === null || connector.end_anchor_point === null) {
      openConnectors.push({
        startNodeId: machineNodeId(connector.start_machine),
        startAnchor: connector.start_anchor_point,
        additionalPoints,
      });
      return;
    }
    edges.push({
      id: `connector-${index}`,
      type: 'connector',
      source: machineNodeId(connector.start_machine),
      sourceHandle: String(connector.start_anchor_point),
      target: machineNodeId(connector.end_machine),
      targetHandle: String(connector.end_anchor_point),
      data: { additionalPoints },
    });
  });
  const nodes: EditorNode[] = [...shapes, ...machines, ...labels];
  return {
    tabName: tab.name,
    width: tab.width,
    height: tab.height,
    viewport: { x: tab.offset_x, y: tab.offset_y, zoom: tab.zoom / 100 },
    nodes,
    edges,
    openConnectors,
  };
}

/** A state sensor is named when it is also bound on a point of the tab; otherwise its full id says it. */
function stateSensorOf(id: string | null, tab: Tab): MachineNode['data']['stateSensor'] {
  if (id === null) {
    return null;
  }
  const bound = tab.machines.flatMap((machine) => machine.sensors).find((item) => item.sensor.id === id);
  return { id, label: bound === undefined ? id : sensorLabel(bound.sensor) };
}

/** 'name — group — device', the way the picker and the tooltips name a sensor. */
export function sensorLabel(sensor: { name: string; group_name: string; device: { name: string } }): string {
  return [sensor.name, sensor.group_name, sensor.device.name].filter((part) => part !== '').join(' — ');
}
