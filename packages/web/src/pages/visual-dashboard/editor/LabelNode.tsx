import { VISUAL_LIMITS } from '@vigil/contracts';
import { type NodeProps, NodeResizeControl, useReactFlow } from '@xyflow/react';
import { Input } from 'antd';
import { useRef, useState } from 'react';
import type { LabelNode as LabelNodeType } from './editor-model';

const LINE_HEIGHT = 1.25;
const clampFont = (size: number) => Math.round(Math.min(200, Math.max(6, size)));

/**
 * A label (M section 2 'Label nodes'): its text ('Text' when placed), edited on double click, scaled by the
 * bottom-right handle (the handle's height sets `fontSize`).
 */
export function LabelNode({ id, data, selected }: NodeProps<LabelNodeType>) {
  const { updateNodeData } = useReactFlow();
  const [isEditing, setIsEditing] = useState(false);
  // The font grows with the handle: the size at the drag's start times the height's ratio.
  const start = useRef({ height: 1, fontSize: data.fontSize });
  return (
    // biome-ignore lint/a11y/useSemanticElements: the label's box holds its own text area while it is edited.
    <div
      className={`vd-label${selected ? ' vd-label--selected' : ''}`}
      style={{ fontSize: data.fontSize, lineHeight: LINE_HEIGHT }}
      role="button"
      tabIndex={0}
      aria-label={`Label ${data.value}: double click to edit`}
      onDoubleClick={() => setIsEditing(true)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && !isEditing) {
          setIsEditing(true);
        }
      }}
      data-testid="vd-label"
    >
      {isEditing ? (
        <Input.TextArea
          className="nodrag"
          autoFocus
          autoSize
          value={data.value}
          maxLength={VISUAL_LIMITS.labelLength}
          style={{ fontSize: data.fontSize, minWidth: 120 }}
          onChange={(event) => updateNodeData(id, { value: event.target.value })}
          onBlur={() => setIsEditing(false)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' || (event.key === 'Enter' && !event.shiftKey)) {
              event.preventDefault();
              setIsEditing(false);
            }
          }}
        />
      ) : (
        <span className="vd-label__text">{data.value === '' ? ' ' : data.value}</span>
      )}
      {selected && !isEditing ? (
        <NodeResizeControl
          position="bottom-right"
          className="vd-resize"
          keepAspectRatio
          onResizeStart={(_, size) => {
            start.current = { height: Math.max(1, size.height), fontSize: data.fontSize };
          }}
          onResize={(_, size) =>
            updateNodeData(id, {
              fontSize: clampFont((start.current.fontSize * size.height) / start.current.height),
            })
          }
        />
      ) : null}
    </div>
  );
}
