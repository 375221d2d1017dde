import {
  BaseEdge,
  EdgeLabelRenderer,
  type EdgeProps,
  type InternalNode,
  useInternalNode,
  useReactFlow,
} from '@xyflow/react';
import { App } from 'antd';
import type { MouseEvent } from 'react';
import { anchorPosition, type Point } from '../diagram/geometry';
import { BendHandle } from './BendHandle';
import { addBend, BENDS_PER_CONNECTOR, moveBend, removeBend } from './connector-bends';
import { useEditorActions } from './editor-context';
import type { ConnectorEdge as ConnectorEdgeType, EditorNode, MachineNode } from './editor-model';

/**
 * A connector from anchor to anchor through its bends (`additional_points`), as a polyline. A double-click on the
 * line adds a bend there; a bend is dragged to move it and double-clicked to remove it (`connector-bends.ts`).
 */
export function ConnectorEdge({
  id,
  source,
  target,
  sourceHandleId,
  targetHandleId,
  sourceX,
  sourceY,
  targetX,
  targetY,
  data,
  selected,
}: EdgeProps<ConnectorEdgeType>) {
  const { message } = App.useApp();
  const flow = useReactFlow();
  const start = useAnchor(source, sourceHandleId) ?? { x: sourceX, y: sourceY };
  const end = useAnchor(target, targetHandleId) ?? { x: targetX, y: targetY };
  const bends = data?.additionalPoints ?? [];
  const path = [start, ...bends, end]
    .map((point, index) => `${index === 0 ? 'M' : 'L'} ${point.x} ${point.y}`)
    .join(' ');

  const setBends = (additionalPoints: Point[]) => flow.updateEdgeData(id, { additionalPoints });
  const handleAddBend = (event: MouseEvent) => {
    const next = addBend(
      start,
      bends,
      end,
      flow.screenToFlowPosition({ x: event.clientX, y: event.clientY }),
    );
    if (next === null) {
      message.warning(`A connector can have at most ${BENDS_PER_CONNECTOR} bends.`);
      return;
    }
    setBends(next);
  };

  return (
    <>
      <BaseEdge
        id={id}
        path={path}
        interactionWidth={0}
        style={{ stroke: selected ? '#2F80ED' : '#2f3b4c', strokeWidth: selected ? 3 : 2 }}
      />
      {/* What the pointer hits: wider than the line; a click selects the connector (React Flow's edge). */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: adding a bend is a pointer gesture on the line; a bend, once there, is a button that keys move and remove */}
      <path
        d={path}
        fill="none"
        strokeOpacity={0}
        strokeWidth={14}
        className="react-flow__edge-interaction vd-connector-hit"
        data-testid="vd-connector"
        onDoubleClick={handleAddBend}
      >
        <title>Double-click to add a bend</title>
      </path>
      <EdgeLabelRenderer>
        {bends.map((bend, index) => (
          <BendHandle
            // A bend has no id of its own: its place in the line is what it is.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            point={bend}
            label={`Bend ${index + 1} of ${bends.length}`}
            isSelected={selected === true}
            onMove={(to) => setBends(moveBend(bends, index, to))}
            onRemove={() => setBends(removeBend(bends, index))}
          />
        ))}
      </EdgeLabelRenderer>
    </>
  );
}

/**
 * The anchor's point on the canvas as the live view computes it (`anchorPosition`), rather than the edge of the
 * port's handle React Flow would give: so the editor draws the line exactly where the live view will.
 */
function useAnchor(nodeId: string, handleId: string | null | undefined): Point | null {
  const node = useInternalNode<EditorNode>(nodeId);
  const { types } = useEditorActions();
  if (node?.type !== 'machine' || handleId === null || handleId === undefined) {
    return null;
  }
  const { data } = node as InternalNode<MachineNode>;
  const type = types.get(data.typeId);
  const { x, y } = node.internals.positionAbsolute;
  return type === undefined
    ? null
    : anchorPosition({ x_coord: x, y_coord: y, flip: data.flip, scale: data.scale }, type, Number(handleId));
}
