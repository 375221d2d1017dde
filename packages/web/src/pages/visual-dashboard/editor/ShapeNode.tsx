import { VISUAL_DEFAULTS } from '@vigil/contracts';
import { type NodeProps, NodeResizer, useReactFlow } from '@xyflow/react';
import { type PointerEvent, useRef } from 'react';
import type { ShapeNode as ShapeNodeType } from './editor-model';
import { rotationAngle } from './rotation';

/**
 * A shape (circle, default, line, rectangle; M section 2 'Shape nodes'): resizable (at least 10 × 10, a line
 * keeps its 3 px height) and rotatable by the round handle above it (`rotateAngle`, degrees).
 */
export function ShapeNode({ id, data, selected }: NodeProps<ShapeNodeType>) {
  const { updateNodeData } = useReactFlow();
  const body = useRef<HTMLDivElement>(null);
  const isLine = data.shape === 'line';

  const handleRotateStart = (event: PointerEvent<HTMLDivElement>) => {
    event.stopPropagation();
    const box = body.current?.getBoundingClientRect();
    if (box === undefined) {
      return;
    }
    const center = { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    const handleMove = (move: globalThis.PointerEvent) =>
      updateNodeData(id, { rotateAngle: rotationAngle(center, { x: move.clientX, y: move.clientY }) });
    const handleUp = () => {
      window.removeEventListener('pointermove', handleMove);
      window.removeEventListener('pointerup', handleUp);
    };
    window.addEventListener('pointermove', handleMove);
    window.addEventListener('pointerup', handleUp);
  };

  return (
    <>
      <NodeResizer
        isVisible={selected}
        minWidth={VISUAL_DEFAULTS.shapeMin}
        minHeight={isLine ? VISUAL_DEFAULTS.lineHeight : VISUAL_DEFAULTS.shapeMin}
        maxHeight={isLine ? VISUAL_DEFAULTS.lineHeight : undefined}
      />
      <div
        ref={body}
        className={`vd-shape vd-shape--${data.shape}`}
        style={{ transform: `rotate(${data.rotateAngle}deg)` }}
        data-testid="vd-shape"
      >
        {selected ? (
          <div
            className="vd-rotate nodrag"
            title={`Rotate (${data.rotateAngle}°)`}
            onPointerDown={handleRotateStart}
          />
        ) : null}
      </div>
    </>
  );
}
