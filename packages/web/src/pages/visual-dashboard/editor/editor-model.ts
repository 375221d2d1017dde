import type { MachineTypeJson, SHAPE_KINDS } from '@vigil/contracts';
import { VISUAL_DEFAULTS } from '@vigil/contracts';
import type { Edge, Node, Viewport } from '@xyflow/react';
import { machineSize, type Point } from '../diagram/geometry';

/**
 * The editor's diagram as React Flow holds it (M section 2 'Editor'). A node's `position` is its top-left corner
 * in canvas px, as the wire's x_coord/y_coord and offsetLeft/offsetTop are. A node's id is the machine's
 * `frontend_id` in a save; a loaded machine also keeps its `machineId`.
 */

/** A sensor bound on a machine, named so a person can find it (sensor, group, device). */
export type BoundSensor = { id: string; name: string; group_name: string; deviceName: string };

export type MachineNodeData = {
  typeId: number;
  name: string;
  scale: number;
  flip: boolean;
  /** The saved machine's id; null for a machine placed in this editor. */
  machineId: number | null;
  sensors: Array<{ point: number; sensor: BoundSensor }>;
  /** The running-state sensor's full id and what to call it. */
  stateSensor: { id: string; label: string } | null;
};

export type ShapeKind = (typeof SHAPE_KINDS)[number];
export type ShapeNodeData = { shape: ShapeKind; rotateAngle: number };
export type LabelNodeData = { value: string; fontSize: number };
export type ConnectorEdgeData = { additionalPoints: Point[] };

export type MachineNode = Node<MachineNodeData, 'machine'>;
export type ShapeNode = Node<ShapeNodeData, 'shape'>;
export type LabelNode = Node<LabelNodeData, 'label'>;
export type EditorNode = MachineNode | ShapeNode | LabelNode;
export type ConnectorEdge = Edge<ConnectorEdgeData, 'connector'>;

/** A loaded connector with no end machine: React Flow cannot draw it, so it is kept and saved as it came. */
export type OpenConnector = { startNodeId: string; startAnchor: number; additionalPoints: Point[] };

/** Everything a save is built from. */
export type EditorDiagram = {
  tabName: string;
  width: number;
  height: number;
  viewport: Viewport;
  nodes: EditorNode[];
  edges: ConnectorEdge[];
  openConnectors: OpenConnector[];
};

/** What the palette drags onto the canvas. */
export type PaletteItem =
  | { kind: 'machine'; typeId: number }
  | { kind: 'shape'; shape: ShapeKind }
  | { kind: 'label' };

export const PALETTE_MIME = 'application/x-vigil-palette';

export function machineNodeId(machineId: number): string {
  return `m-${machineId}`;
}

let created = 0;
/** A node id unique in this page's life (a machine's `frontend_id`, at most 100 characters). */
export function newNodeId(prefix: string): string {
  created += 1;
  return `${prefix}-${Date.now().toString(36)}-${created}`;
}

/** The machine's node size: its type's large picture times its scale (100 px square for an unknown type). */
export function machineNodeSize(type: MachineTypeJson | undefined, scale: number) {
  return type === undefined ? { width: 100, height: 100 } : machineSize(type, scale);
}

/** A node made from a palette item dropped at `position` (M sections 3 and 9: shapes 78 × 78, a line 78 × 3). */
export function nodeFromPalette(
  item: PaletteItem,
  position: Point,
  types: ReadonlyMap<number, MachineTypeJson>,
): EditorNode | null {
  if (item.kind === 'machine') {
    const type = types.get(item.typeId);
    if (type === undefined) {
      return null;
    }
    const data: MachineNodeData = {
      typeId: type.id,
      name: '',
      scale: 1,
      flip: false,
      machineId: null,
      sensors: [],
      stateSensor: null,
    };
    return { id: newNodeId('machine'), type: 'machine', position, data, ...machineSize(type, 1) };
  }
  if (item.kind === 'shape') {
    const size = VISUAL_DEFAULTS.shapeSize;
    const height = item.shape === 'line' ? VISUAL_DEFAULTS.lineHeight : size;
    const data: ShapeNodeData = { shape: item.shape, rotateAngle: 0 };
    return { id: newNodeId('shape'), type: 'shape', position, data, width: size, height };
  }
  const data: LabelNodeData = { value: VISUAL_DEFAULTS.labelText, fontSize: VISUAL_DEFAULTS.labelFontSize };
  return { id: newNodeId('label'), type: 'label', position, data };
}

export function isMachineNode(node: EditorNode): node is MachineNode {
  return node.type === 'machine';
}
