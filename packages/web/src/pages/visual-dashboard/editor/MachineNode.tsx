import { CheckOutlined, CloseOutlined, LinkOutlined, SwapOutlined } from '@ant-design/icons';
import { VISUAL_LIMITS, VISUAL_MESSAGES } from '@vigil/contracts';
import {
  Handle,
  type NodeProps,
  NodeResizeControl,
  Position,
  useReactFlow,
  useUpdateNodeInternals,
} from '@xyflow/react';
import { Button, Input, Tooltip } from 'antd';
import { useEffect } from 'react';
import { anchorOffset, machinePictureUrl, machineSize, sensorPointsOf } from '../diagram/geometry';
import { useEditorActions } from './editor-context';
import type { MachineNodeData, MachineNode as MachineNodeType } from './editor-model';

/**
 * A machine on the editor's canvas (M section 2 'Editor', machine nodes): its stopped picture, flip and remove
 * buttons, a bottom-right resize handle with the aspect locked (changes `scale`), the name box, anchor ports
 * (click clears their connectors), sensor points and the running-state sensor slot.
 */
export function MachineNode({ id, data, selected }: NodeProps<MachineNodeType>) {
  const { types, openPicker, openTemplate, clearPort } = useEditorActions();
  const { updateNodeData, deleteElements } = useReactFlow();
  const updateNodeInternals = useUpdateNodeInternals();
  const type = types.get(data.typeId);
  // The ports move when the machine flips or scales: React Flow measures them again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: flip and scale are what move the ports.
  useEffect(() => updateNodeInternals(id), [id, data.flip, data.scale, updateNodeInternals]);
  if (type === undefined) {
    return <div className="vd-machine vd-machine--unknown">Unknown machine type {data.typeId}</div>;
  }
  const { width, height } = machineSize(type, data.scale);
  const baseWidth = type.left_side_img_thumbs.large_width;
  const baseHeight = type.left_side_img_thumbs.large_height;
  const update = (patch: Partial<MachineNodeData>) => updateNodeData(id, patch);
  return (
    <div className={`vd-machine${selected ? ' vd-machine--selected' : ''}`} style={{ width, height }}>
      <img
        src={machinePictureUrl(type, 'stopped', data.flip)}
        alt={type.name}
        width={width}
        height={height}
        draggable={false}
      />
      <NodeResizeControl
        position="bottom-right"
        keepAspectRatio
        minWidth={baseWidth * VISUAL_LIMITS.scaleMin}
        maxWidth={baseWidth * VISUAL_LIMITS.scaleMax}
        minHeight={baseHeight * VISUAL_LIMITS.scaleMin}
        maxHeight={baseHeight * VISUAL_LIMITS.scaleMax}
        onResize={(_, size) => update({ scale: size.width / baseWidth })}
        className="vd-resize"
      />
      <div className="vd-machine__tools nodrag">
        <Tooltip title="Bind from device…">
          <Button
            size="small"
            icon={<LinkOutlined />}
            aria-label="Bind from device…"
            onClick={() => openTemplate(id)}
          />
        </Tooltip>
        <Tooltip title="Flip">
          <Button
            size="small"
            icon={<SwapOutlined />}
            aria-label="Flip"
            onClick={() => update({ flip: !data.flip })}
          />
        </Tooltip>
        <Tooltip title="Remove">
          <Button
            size="small"
            danger
            icon={<CloseOutlined />}
            aria-label="Remove machine"
            onClick={() => void deleteElements({ nodes: [{ id }] })}
          />
        </Tooltip>
      </div>
      {type.anchor_points.map((anchor) => {
        const offset = anchorOffset(type, data.flip, data.scale, anchor.id);
        return offset === null ? null : (
          <Handle
            key={anchor.id}
            id={String(anchor.id)}
            type="source"
            position={Position.Left}
            className="vd-port"
            style={{ left: offset.x, top: offset.y }}
            title="Clear connections"
            onClick={() => clearPort(id, anchor.id)}
          />
        );
      })}
      {sensorPointsOf(type, data.flip).map((point) => {
        const bound = data.sensors.find((item) => item.point === point.id)?.sensor;
        const title = bound
          ? `${point.label}: ${bound.name} — ${bound.group_name || 'no group'} — ${bound.deviceName}`
          : `${point.label}: no sensor`;
        return (
          <Tooltip key={point.id} title={title}>
            <button
              type="button"
              className={`vd-sensor-point nodrag${bound ? ' vd-sensor-point--bound' : ''}`}
              style={{ left: point.x_coord * data.scale, top: point.y_coord * data.scale }}
              aria-label={title}
              onClick={() => openPicker({ nodeId: id, point: point.id })}
            >
              {bound ? <CheckOutlined /> : null}
            </button>
          </Tooltip>
        );
      })}
      <div className="vd-machine__below nodrag" style={{ top: height + 6, width: Math.max(width, 180) }}>
        <Input
          size="small"
          value={data.name}
          placeholder={VISUAL_MESSAGES.machineNamePlaceholder}
          maxLength={VISUAL_LIMITS.nameLength}
          onChange={(event) => update({ name: event.target.value })}
        />
        <Tooltip title="Running-state sensor">
          <Button size="small" block onClick={() => openPicker({ nodeId: id, point: 'state' })}>
            <span className="vd-ellipsis">
              {data.stateSensor?.label ?? VISUAL_MESSAGES.selectStateSensor}
            </span>
          </Button>
        </Tooltip>
      </div>
    </div>
  );
}
