import { type TabSave, TabSaveSchema, VISUAL_LIMITS } from '@vigil/contracts';
import type { Point } from '../diagram/geometry';
import type { EditorDiagram, EditorNode, LabelNode, MachineNode, ShapeNode } from './editor-model';

/** The copy of a published schema is named after it (docs/visual-dashboard.md 'Web: editor'). */
export function copyNameOf(name: string): string {
  const suffix = ' (copy)';
  return `${name.slice(0, VISUAL_LIMITS.nameLength - suffix.length)}${suffix}`;
}

/** Where the tab is saved (M section 3 'Save payload'). */
export type SaveTarget = {
  siteId: number;
  /** PATCH tabs/{tabId}/ when set, else POST tabs/. */
  tabId: number | null;
  /** null with `schemaName`: a new schema. */
  schemaId: number | null;
  schemaName: string | null;
  /**
   * Saving into a copy of a published schema: the copy's tab has other machine ids, so every machine goes as new
   * (by `frontend_id`) and replaces the copy's.
   */
  isCopy: boolean;
};

const round = (value: number) => Math.round(value * 100) / 100;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const coordsOf = (points: Point[]) =>
  points.map((point) => ({ x_coord: round(point.x), y_coord: round(point.y) }));

/** The TabSave payload of the editor's diagram: pure, so what is sent can be tested without a browser. */
export function buildTabSave(diagram: EditorDiagram, target: SaveTarget): TabSave {
  const machines = diagram.nodes.filter((node): node is MachineNode => node.type === 'machine');
  const savedIdOf = new Map(
    machines.map((node) => [node.id, target.isCopy ? null : node.data.machineId] as const),
  );
  const end = (nodeId: string) => {
    const id = savedIdOf.get(nodeId) ?? null;
    return id === null ? { machine: null, feId: nodeId } : { machine: id, feId: null };
  };
  const connectors = [
    ...diagram.edges.map((edge) => ({
      start: end(edge.source),
      startAnchor: Number(edge.sourceHandle),
      finish: end(edge.target) as { machine: number | null; feId: string | null },
      endAnchor: Number(edge.targetHandle) as number | null,
      points: edge.data?.additionalPoints ?? [],
    })),
    ...diagram.openConnectors
      .filter((open) => savedIdOf.has(open.startNodeId))
      .map((open) => ({
        start: end(open.startNodeId),
        startAnchor: open.startAnchor,
        finish: { machine: null, feId: null },
        endAnchor: null,
        points: open.additionalPoints,
      })),
  ];
  return {
    ...(target.tabId === null ? {} : { id: target.tabId }),
    name: diagram.tabName.trim(),
    location: target.siteId,
    schema: target.schemaId,
    ...(target.schemaId === null ? { schema_name: (target.schemaName ?? '').trim() } : {}),
    height: Math.round(diagram.height),
    width: Math.round(diagram.width),
    zoom: round(clamp(diagram.viewport.zoom * 100, VISUAL_LIMITS.zoomMin, VISUAL_LIMITS.zoomMax)),
    offset_x: round(diagram.viewport.x),
    offset_y: round(diagram.viewport.y),
    machines: machines.map((node) => machineSave(node, savedIdOf.get(node.id) ?? null)),
    connectors: connectors.map((connector) => ({
      start_machine: connector.start.machine,
      start_m_fe_id: connector.start.feId,
      start_anchor_point: connector.startAnchor,
      end_machine: connector.finish.machine,
      end_m_fe_id: connector.finish.feId,
      end_anchor_point: connector.endAnchor,
      additional_points: coordsOf(connector.points),
    })),
    shapes: diagram.nodes.filter((node): node is ShapeNode => node.type === 'shape').map(shapeSave),
    text_elements: diagram.nodes.filter((node): node is LabelNode => node.type === 'label').map(labelSave),
  };
}

function machineSave(node: MachineNode, id: number | null): TabSave['machines'][number] {
  return {
    ...(id === null ? {} : { id }),
    frontend_id: node.id,
    name: node.data.name.trim(),
    x_coord: round(node.position.x),
    y_coord: round(node.position.y),
    scale: round(node.data.scale),
    flip: node.data.flip,
    type_of_machine: node.data.typeId,
    sensors: node.data.sensors.map((bound) => ({ sensor_point: bound.point, sensor: bound.sensor.id })),
    system_state_sensor: node.data.stateSensor?.id ?? null,
  };
}

function shapeSave(node: ShapeNode): TabSave['shapes'][number] {
  return {
    shape: node.data.shape,
    width: round(sizeOf(node, 'width')),
    height: round(sizeOf(node, 'height')),
    offsetLeft: round(node.position.x),
    offsetTop: round(node.position.y),
    rotateAngle: round(node.data.rotateAngle),
  };
}

function labelSave(node: LabelNode): TabSave['text_elements'][number] {
  return {
    value: node.data.value,
    fontSize: round(node.data.fontSize),
    offsetLeft: round(node.position.x),
    offsetTop: round(node.position.y),
  };
}

/** A node's size as set (resized) or as drawn. */
function sizeOf(node: EditorNode, side: 'width' | 'height'): number {
  return node[side] ?? node.measured?.[side] ?? 0;
}

/**
 * What is wrong with a save, in words a person can act on; empty when it may be sent. The names and limits are
 * checked here by name, then the contract's schema catches anything else.
 */
export function validateTabSave(save: TabSave): string[] {
  const problems: string[] = [];
  const L = VISUAL_LIMITS;
  if (save.schema === null && (save.schema_name ?? '').trim() === '') {
    problems.push('Give the schema a name.');
  }
  if ((save.schema_name ?? '').length > L.nameLength) {
    problems.push(`The schema name may have at most ${L.nameLength} characters.`);
  }
  if (save.name === '') {
    problems.push('Give the tab a name.');
  } else if (save.name.length > L.nameLength) {
    problems.push(`The tab name may have at most ${L.nameLength} characters.`);
  }
  for (const [side, value] of [
    ['Width', save.width],
    ['Height', save.height],
  ] as const) {
    if (!(value >= L.canvasMin && value <= L.canvasMax)) {
      problems.push(`${side} must be between ${L.canvasMin} and ${L.canvasMax} px.`);
    }
  }
  save.machines.forEach((machine, index) => {
    if (machine.name.length > L.nameLength) {
      problems.push(`Machine ${index + 1}: the name may have at most ${L.nameLength} characters.`);
    }
  });
  const counts = [
    ['machines', save.machines.length, L.machinesPerTab],
    ['connectors', save.connectors.length, L.connectorsPerTab],
    ['shapes', save.shapes.length, L.shapesPerTab],
    ['labels', save.text_elements.length, L.labelsPerTab],
  ] as const;
  for (const [what, count, max] of counts) {
    if (count > max) {
      problems.push(`A tab can hold at most ${max} ${what} (this one has ${count}).`);
    }
  }
  if (problems.length > 0) {
    return problems;
  }
  const parsed = TabSaveSchema.safeParse(save);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join(' › ') || 'Tab'}: ${issue.message}`);
}
