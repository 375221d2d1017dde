import type { MachineTypeJson, SearchSensorItem } from '@vigil/contracts';
import {
  type Connection,
  type NodeChange,
  type ReactFlowInstance,
  useEdgesState,
  useNodesState,
  useReactFlow,
} from '@xyflow/react';
import { type DragEvent, useCallback, useMemo, useState } from 'react';
import type {
  ConnectorEdge,
  EditorDiagram,
  EditorNode,
  MachineNode,
  OpenConnector,
  PaletteItem,
} from './editor-model';
import { newNodeId, nodeFromPalette, PALETTE_MIME } from './editor-model';
import { sensorLabel } from './load-tab';
import { localBindings, type PickerTarget } from './sensor-use';
import type { TemplateResult } from './useBindFromDevice';

/** The editor's diagram state: nodes, edges, the canvas's size and the tab's name, and what changes them. */
export function useDiagramState(initial: EditorDiagram, types: ReadonlyMap<number, MachineTypeJson>) {
  const flow = useReactFlow<EditorNode, ConnectorEdge>() as ReactFlowInstance<EditorNode, ConnectorEdge>;
  const [nodes, setNodes, applyNodeChanges] = useNodesState<EditorNode>(initial.nodes);
  const [edges, setEdges, onEdgesChange] = useEdgesState<ConnectorEdge>(initial.edges);
  const [openConnectors, setOpenConnectors] = useState<OpenConnector[]>(initial.openConnectors);
  const [tabName, setTabName] = useState(initial.tabName);
  const [width, setWidth] = useState(initial.width);
  const [height, setHeight] = useState(initial.height);
  const [picker, setPicker] = useState<PickerTarget | null>(null);
  /** The machine node 'Bind from device…' is open for. */
  const [template, setTemplate] = useState<string | null>(null);
  /** The machine just placed from the palette, offered a template (TemplateOffer) until bound or dismissed. */
  const [offer, setOffer] = useState<string | null>(null);

  // A label keeps its measured size: the resize handle changes its font, not its box.
  const onNodesChange = useCallback(
    (changes: NodeChange<EditorNode>[]) =>
      applyNodeChanges(
        changes.filter(
          (change) =>
            !(change.type === 'dimensions' && change.resizing !== undefined && change.id.startsWith('label')),
        ),
      ),
    [applyNodeChanges],
  );

  const onConnect = useCallback(
    (connection: Connection) => {
      if (connection.source === connection.target) {
        return;
      }
      setEdges((current) => [
        ...current,
        { ...connection, id: newNodeId('connector'), type: 'connector', data: { additionalPoints: [] } },
      ]);
    },
    [setEdges],
  );

  const onDrop = useCallback(
    (event: DragEvent<HTMLDivElement>) => {
      const raw = event.dataTransfer.getData(PALETTE_MIME);
      if (raw === '') {
        return;
      }
      event.preventDefault();
      const position = flow.screenToFlowPosition({ x: event.clientX, y: event.clientY });
      const node = nodeFromPalette(JSON.parse(raw) as PaletteItem, position, types);
      if (node !== null) {
        setNodes((current) => [...current, node]);
        setOffer(node.type === 'machine' ? node.id : null);
      }
    },
    [flow, types, setNodes],
  );

  const clearPort = useCallback(
    (nodeId: string, anchorId: number) => {
      const handle = String(anchorId);
      setEdges((current) =>
        current.filter(
          (edge) =>
            !(edge.source === nodeId && edge.sourceHandle === handle) &&
            !(edge.target === nodeId && edge.targetHandle === handle),
        ),
      );
      setOpenConnectors((current) =>
        current.filter((open) => !(open.startNodeId === nodeId && open.startAnchor === anchorId)),
      );
    },
    [setEdges],
  );

  const bindSensor = useCallback(
    (target: PickerTarget, item: SearchSensorItem | null) => {
      const node = flow.getNode(target.nodeId) as MachineNode | undefined;
      if (node === undefined) {
        return;
      }
      if (target.point === 'state') {
        flow.updateNodeData(node.id, {
          stateSensor: item === null ? null : { id: item.id, label: sensorLabel(item) },
        });
        return;
      }
      const others = node.data.sensors.filter((bound) => bound.point !== target.point);
      const sensor =
        item === null
          ? null
          : { id: item.id, name: item.name, group_name: item.group_name, deviceName: item.device.name };
      flow.updateNodeData(node.id, {
        sensors: sensor === null ? others : [...others, { point: target.point, sensor }],
      });
    },
    [flow],
  );

  /** A template's confirmed bindings: they replace every sensor point's binding and the state sensor of the node. */
  const bindSensors = useCallback(
    (nodeId: string, result: TemplateResult) =>
      flow.updateNodeData(nodeId, { sensors: result.sensors, stateSensor: result.stateSensor }),
    [flow],
  );

  /** The diagram as it is now (the viewport read from React Flow). */
  const getDiagram = useCallback(
    (): EditorDiagram => ({
      tabName,
      width,
      height,
      viewport: flow.getViewport(),
      nodes: flow.getNodes(),
      edges: flow.getEdges(),
      openConnectors,
    }),
    [flow, tabName, width, height, openConnectors],
  );

  const bindings = useMemo(() => localBindings(nodes), [nodes]);
  return {
    nodes,
    edges,
    onNodesChange,
    onEdgesChange,
    onConnect,
    onDrop,
    clearPort,
    bindSensor,
    bindSensors,
    bindings,
    template,
    setTemplate,
    offer,
    setOffer,
    picker,
    setPicker,
    tabName,
    setTabName,
    width,
    setWidth,
    height,
    setHeight,
    getDiagram,
  };
}
