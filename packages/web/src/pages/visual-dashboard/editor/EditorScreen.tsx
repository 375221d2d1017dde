import '@xyflow/react/dist/style.css';
import './editor.css';
import { useQueryClient } from '@tanstack/react-query';
import type { MachineTypeJson, VisualSchema } from '@vigil/contracts';
import { Background, ConnectionMode, Controls, ReactFlow } from '@xyflow/react';
import { App, Flex, Typography } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { updateTabsOrder, visualDashboardKeys } from '../../../api/visual-dashboard';
import { editTabPath, schemaTabPath, visualDashboardSchemasPath } from '../../../routes/paths';
import { sensorPointsOf } from '../diagram/geometry';
import { BindFromDevice } from './BindFromDevice';
import { ConnectorEdge } from './ConnectorEdge';
import { EditorToolbar } from './EditorToolbar';
import { type EditorActions, EditorContext } from './editor-context';
import type { EditorDiagram, MachineNode as MachineNodeType } from './editor-model';
import { LabelNode } from './LabelNode';
import { MachineNode } from './MachineNode';
import { Palette } from './Palette';
import { SensorPicker } from './SensorPicker';
import { ShapeNode } from './ShapeNode';
import { buildTabSave } from './save-payload';
import { TabStrip } from './TabStrip';
import { TemplateOffer } from './TemplateOffer';
import { reorderTabs } from './tab-order';
import { useDiagramState } from './useDiagramState';
import type { EditorMode } from './useEditorPage';
import { useTabSaver } from './useTabSaver';
import { useUnsavedGuard } from './useUnsavedGuard';

const nodeTypes = { machine: MachineNode, shape: ShapeNode, label: LabelNode };
const edgeTypes = { connector: ConnectorEdge };

type EditorScreenProps = {
  mode: EditorMode;
  isEdit: boolean;
  schema: VisualSchema | null;
  initial: EditorDiagram;
  types: ReadonlyMap<number, MachineTypeJson>;
  machineTypes: readonly MachineTypeJson[];
};

/** The editor of one tab (M section 2 'Editor'): toolbar, tab strip, palette, canvas and sensor picker. */
export function EditorScreen({ mode, isEdit, schema, initial, types, machineTypes }: EditorScreenProps) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const diagram = useDiagramState(initial, types);
  const [schemaName, setSchemaName] = useState('');
  const isNewSchema = mode.schemaId === null;

  // Unsaved changes: the payload now differs from the payload of the diagram as it was loaded.
  const loaded = useRef(JSON.stringify(buildTabSave(initial, { ...mode, schemaName: '', isCopy: false })));
  const { getDiagram } = diagram;
  const isDirty = useCallback(
    () =>
      JSON.stringify(buildTabSave(getDiagram(), { ...mode, schemaName, isCopy: false })) !== loaded.current,
    [getDiagram, mode, schemaName],
  );
  const guard = useUnsavedGuard(isDirty);
  const saver = useTabSaver({ mode, schema, schemaName, getDiagram, onSaved: guard.release });

  const actions: EditorActions = useMemo(
    () => ({
      types,
      openPicker: diagram.setPicker,
      openTemplate: diagram.setTemplate,
      clearPort: diagram.clearPort,
    }),
    [types, diagram.setPicker, diagram.setTemplate, diagram.clearPort],
  );

  const handleCancel = () =>
    navigate(
      mode.schemaId !== null && mode.tabId !== null
        ? schemaTabPath(mode.siteId, mode.schemaId, mode.tabId)
        : visualDashboardSchemasPath(mode.siteId),
    );
  const handleReorder = async (movedId: number, targetId: number) => {
    if (schema === null) {
      return;
    }
    try {
      const ids = schema.schema_tabs.map((tab) => tab.id);
      await updateTabsOrder(reorderTabs(ids, movedId, targetId));
      await queryClient.invalidateQueries({ queryKey: visualDashboardKeys.schema(schema.id) });
    } catch (error) {
      message.error(error instanceof Error ? error.message : 'The tabs could not be reordered.');
    }
  };

  const pickerNode = diagram.nodes.find((node) => node.id === diagram.picker?.nodeId) as
    | MachineNodeType
    | undefined;
  const templateNode = diagram.nodes.find(
    (node): node is MachineNodeType => node.id === diagram.template && node.type === 'machine',
  );
  const picker = pickerInfo(pickerNode, diagram.picker?.point ?? null, types);
  const offerNode = diagram.nodes.find(
    (node): node is MachineNodeType => node.id === diagram.offer && node.type === 'machine',
  );

  return (
    <div className="vd-editor" data-testid="editor-page">
      <Typography.Title level={3} className="page-title">
        {isEdit ? 'Editor: Edit' : 'Editor: Create'}
      </Typography.Title>
      {schema === null ? null : (
        <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
          Schema: {schema.name}
          {schema.is_published ? ' (published: saving makes a copy)' : ''}
        </Typography.Paragraph>
      )}
      <EditorToolbar
        schemaName={isNewSchema ? schemaName : null}
        tabName={diagram.tabName}
        width={diagram.width}
        height={diagram.height}
        isSaving={saver.isSaving}
        onSchemaName={setSchemaName}
        onTabName={diagram.setTabName}
        onWidth={diagram.setWidth}
        onHeight={diagram.setHeight}
        onCancel={handleCancel}
        onSave={() => void saver.save()}
      />
      {schema === null ? null : (
        <TabStrip
          tabs={schema.schema_tabs}
          currentTabId={mode.tabId}
          newTabName={mode.tabId === null ? diagram.tabName : null}
          canReorder={!schema.is_published}
          onSelect={(tabId) => navigate(editTabPath(mode.siteId, schema.id, tabId))}
          onReorder={(moved, target) => void handleReorder(moved, target)}
        />
      )}
      <TemplateOffer
        typeName={offerNode === undefined ? undefined : types.get(offerNode.data.typeId)?.name}
        onBind={() => {
          diagram.setTemplate(diagram.offer);
          diagram.setOffer(null);
        }}
        onDismiss={() => diagram.setOffer(null)}
      />
      <Flex gap={12} align="start" className="vd-editor-body">
        <Palette machineTypes={machineTypes} />
        <div className="vd-canvas-scroll">
          <div
            className="vd-canvas"
            style={{ width: diagram.width, height: diagram.height }}
            data-testid="editor-canvas"
          >
            <EditorContext.Provider value={actions}>
              <ReactFlow
                nodes={diagram.nodes}
                edges={diagram.edges}
                nodeTypes={nodeTypes}
                edgeTypes={edgeTypes}
                onNodesChange={diagram.onNodesChange}
                onEdgesChange={diagram.onEdgesChange}
                onConnect={diagram.onConnect}
                onDrop={diagram.onDrop}
                onDragOver={(event) => {
                  event.preventDefault();
                  event.dataTransfer.dropEffect = 'copy';
                }}
                defaultViewport={initial.viewport}
                // A double-click adds a bend or edits a label; zooming would also change the saved viewport.
                zoomOnDoubleClick={false}
                minZoom={0.1}
                maxZoom={4}
                connectionMode={ConnectionMode.Loose}
                connectOnClick={false}
                deleteKeyCode={['Delete', 'Backspace']}
                defaultEdgeOptions={{ type: 'connector' }}
                proOptions={{ hideAttribution: true }}
              >
                <Background />
                <Controls showInteractive={false} />
              </ReactFlow>
            </EditorContext.Provider>
          </div>
        </div>
      </Flex>
      <SensorPicker
        target={diagram.picker}
        title={picker.title}
        currentId={picker.currentId}
        siteId={mode.siteId}
        schemaId={mode.schemaId}
        tabId={mode.tabId}
        bindings={diagram.bindings}
        onChoose={(item) => {
          if (diagram.picker !== null) {
            diagram.bindSensor(diagram.picker, item);
          }
          diagram.setPicker(null);
        }}
        onClose={() => diagram.setPicker(null)}
      />
      <BindFromDevice
        node={templateNode}
        type={templateNode === undefined ? undefined : types.get(templateNode.data.typeId)}
        place={mode}
        bindings={diagram.bindings}
        onConfirm={(nodeId, result) => {
          diagram.bindSensors(nodeId, result);
          diagram.setTemplate(null);
        }}
        onClose={() => diagram.setTemplate(null)}
      />
    </div>
  );
}

/** The picker's title (machine and point) and the sensor the slot holds now. */
function pickerInfo(
  node: MachineNodeType | undefined,
  point: number | 'state' | null,
  types: ReadonlyMap<number, MachineTypeJson>,
): { title: string; currentId: string | null } {
  if (node === undefined || point === null) {
    return { title: 'Select a sensor', currentId: null };
  }
  const machine = node.data.name.trim() === '' ? 'Machine' : node.data.name.trim();
  if (point === 'state') {
    return { title: `${machine}: running-state sensor`, currentId: node.data.stateSensor?.id ?? null };
  }
  const type = types.get(node.data.typeId);
  const label =
    type === undefined ? '' : (sensorPointsOf(type, node.data.flip).find((p) => p.id === point)?.label ?? '');
  return {
    title: `${machine}: ${label || 'sensor point'}`,
    currentId: node.data.sensors.find((bound) => bound.point === point)?.sensor.id ?? null,
  };
}
