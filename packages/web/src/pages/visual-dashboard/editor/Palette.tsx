import type { MachineTypeJson } from '@vigil/contracts';
import { Typography } from 'antd';
import type { DragEvent, ReactNode } from 'react';
import { PALETTE_MIME, type PaletteItem } from './editor-model';

const SHAPES: Array<{ item: PaletteItem; name: string; icon: ReactNode }> = [
  { item: { kind: 'shape', shape: 'line' }, name: 'Line', icon: <span className="vd-icon vd-icon--line" /> },
  {
    item: { kind: 'shape', shape: 'rectangle' },
    name: 'Rectangle',
    icon: <span className="vd-icon vd-icon--rectangle" />,
  },
  {
    item: { kind: 'shape', shape: 'circle' },
    name: 'Circle',
    icon: <span className="vd-icon vd-icon--circle" />,
  },
  { item: { kind: 'label' }, name: 'Label', icon: <span className="vd-icon vd-icon--label">T</span> },
];

/** The editor's sidebar (M section 2 'Editor'): the machine types, then Line, Rectangle, Circle and Label. */
export function Palette({ machineTypes }: { machineTypes: readonly MachineTypeJson[] }) {
  return (
    <div className="vd-palette" data-testid="editor-palette">
      <Typography.Text type="secondary">Drag onto the canvas</Typography.Text>
      {machineTypes.map((type) => (
        <PaletteEntry key={type.id} item={{ kind: 'machine', typeId: type.id }} name={type.name}>
          <img src={type.left_side_img_thumbs.small} alt="" draggable={false} className="vd-palette__thumb" />
        </PaletteEntry>
      ))}
      {SHAPES.map((shape) => (
        <PaletteEntry key={shape.name} item={shape.item} name={shape.name}>
          {shape.icon}
        </PaletteEntry>
      ))}
    </div>
  );
}

function PaletteEntry({ item, name, children }: { item: PaletteItem; name: string; children: ReactNode }) {
  const handleDragStart = (event: DragEvent<HTMLButtonElement>) => {
    event.dataTransfer.setData(PALETTE_MIME, JSON.stringify(item));
    event.dataTransfer.effectAllowed = 'copy';
  };
  return (
    <button
      type="button"
      className="vd-palette__item"
      draggable
      onDragStart={handleDragStart}
      data-testid={`palette-${name}`}
    >
      <span className="vd-palette__picture">{children}</span>
      <span>{name}</span>
    </button>
  );
}
