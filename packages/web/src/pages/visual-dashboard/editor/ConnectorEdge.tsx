import { BaseEdge, type EdgeProps } from '@xyflow/react';
import type { ConnectorEdge as ConnectorEdgeType } from './editor-model';

/** A connector from anchor to anchor through its saved bends (`additional_points`), as a polyline. */
export function ConnectorEdge({
  id,
  sourceX,
  sourceY,
  targetX,
  targetY,
  data,
  selected,
}: EdgeProps<ConnectorEdgeType>) {
  const points = [{ x: sourceX, y: sourceY }, ...(data?.additionalPoints ?? []), { x: targetX, y: targetY }];
  const path = points.map((point, index) => `${index === 0 ? 'M' : 'L'} ${point.x} ${point.y}`).join(' ');
  return (
    <BaseEdge
      id={id}
      path={path}
      interactionWidth={14}
      style={{ stroke: selected ? '#2F80ED' : '#2f3b4c', strokeWidth: selected ? 3 : 2 }}
    />
  );
}
