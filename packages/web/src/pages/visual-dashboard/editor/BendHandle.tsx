import { useReactFlow } from '@xyflow/react';
import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import type { Point } from '../diagram/geometry';

type BendHandleProps = {
  point: Point;
  label: string;
  isSelected: boolean;
  onMove: (to: Point) => void;
  onRemove: () => void;
};

const STEP_PX = 1;
const BIG_STEP_PX = 10;
const ARROWS: Record<string, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/**
 * A connector's bend on the canvas: drag it to move it, double-click it (or Delete while it has the focus) to
 * remove it; arrow keys move it by 1 px, with Shift by 10.
 */
export function BendHandle({ point, label, isSelected, onMove, onRemove }: BendHandleProps) {
  const { screenToFlowPosition } = useReactFlow();
  // Where the drag started: the pointer's canvas position and the bend's, so the bend keeps its offset.
  const drag = useRef<{ pointer: Point; bend: Point } | null>(null);

  const canvasPointOf = (event: PointerEvent) => screenToFlowPosition({ x: event.clientX, y: event.clientY });
  const handlePointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) {
      return;
    }
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointer: canvasPointOf(event), bend: point };
  };
  const handlePointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const start = drag.current;
    if (start === null) {
      return;
    }
    const now = canvasPointOf(event);
    onMove({ x: start.bend.x + now.x - start.pointer.x, y: start.bend.y + now.y - start.pointer.y });
  };
  const handlePointerUp = () => {
    drag.current = null;
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const arrow = ARROWS[event.key];
    if (event.key === 'Delete' || event.key === 'Backspace') {
      // Kept from React Flow's Delete key, which would remove the whole connector.
      event.stopPropagation();
      event.preventDefault();
      onRemove();
    } else if (arrow !== undefined) {
      event.stopPropagation();
      event.preventDefault();
      const step = event.shiftKey ? BIG_STEP_PX : STEP_PX;
      onMove({ x: point.x + arrow.x * step, y: point.y + arrow.y * step });
    }
  };

  return (
    <button
      type="button"
      className={`vd-bend nodrag nopan${isSelected ? ' vd-bend--selected' : ''}`}
      style={{ transform: `translate(-50%, -50%) translate(${point.x}px, ${point.y}px)` }}
      aria-label={label}
      title={`${label}: drag to move, double-click to remove`}
      data-testid="vd-bend"
      onPointerDown={handlePointerDown}
      onPointerMove={handlePointerMove}
      onPointerUp={handlePointerUp}
      onPointerCancel={handlePointerUp}
      onDoubleClick={onRemove}
      onKeyDown={handleKeyDown}
    />
  );
}
