import { Tag } from 'antd';
import { type DragEvent, useRef, useState } from 'react';

/** A press this long (ms) makes a tab draggable, so a click still selects it (M section 9). */
const PRESS_DELAY_MS = 100;

type TabStripProps = {
  tabs: ReadonlyArray<{ id: number; name: string }>;
  currentTabId: number | null;
  /** The tab being created, shown last until it is saved. */
  newTabName: string | null;
  canReorder: boolean;
  onSelect: (tabId: number) => void;
  onReorder: (movedId: number, targetId: number) => void;
};

/** The schema's tabs (M section 2 'Editor': sortable tab strip); clicking one opens it in the editor. */
export function TabStrip({ tabs, currentTabId, newTabName, canReorder, onSelect, onReorder }: TabStripProps) {
  const [armedId, setArmedId] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const disarm = () => {
    clearTimeout(timer.current);
    setArmedId(null);
  };
  const handlePointerDown = (id: number) => {
    if (!canReorder) {
      return;
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setArmedId(id), PRESS_DELAY_MS);
  };
  const handleDrop = (event: DragEvent<HTMLButtonElement>, targetId: number) => {
    event.preventDefault();
    const moved = Number(event.dataTransfer.getData('application/x-vigil-tab'));
    disarm();
    if (moved > 0) {
      onReorder(moved, targetId);
    }
  };
  return (
    <div className="vd-tab-strip" role="tablist" data-testid="editor-tab-strip">
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          aria-selected={tab.id === currentTabId}
          className={`vd-tab${tab.id === currentTabId ? ' vd-tab--current' : ''}`}
          draggable={armedId === tab.id}
          onPointerDown={() => handlePointerDown(tab.id)}
          onPointerUp={() => clearTimeout(timer.current)}
          onDragStart={(event) => event.dataTransfer.setData('application/x-vigil-tab', String(tab.id))}
          onDragEnd={disarm}
          onDragOver={(event) => event.preventDefault()}
          onDrop={(event) => handleDrop(event, tab.id)}
          onClick={() => (tab.id === currentTabId ? undefined : onSelect(tab.id))}
        >
          {tab.name}
        </button>
      ))}
      {newTabName === null ? null : (
        <span className="vd-tab vd-tab--current" role="tab" aria-selected tabIndex={0}>
          {newTabName === '' ? 'New tab' : newTabName} <Tag>unsaved</Tag>
        </span>
      )}
    </div>
  );
}
