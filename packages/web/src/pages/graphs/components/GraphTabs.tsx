import { Tabs } from 'antd';
import { GRAPH_MODE_LABELS, GRAPH_MODES, type GraphMode, isGraphMode } from '../timescale-storage';

const CUSTOM = 'custom';

type GraphTabsProps = {
  mode: GraphMode;
  onChange: (mode: GraphMode) => void;
  /** Custom opens the date and time modal; the active tab stays. */
  onCustom: () => void;
};

/** M section 2: Live, 1 HR, 24 HR, 7 Days, 30 Days and Custom. */
export function GraphTabs({ mode, onChange, onCustom }: GraphTabsProps) {
  const items = [
    ...GRAPH_MODES.map((key) => ({ key, label: GRAPH_MODE_LABELS[key] })),
    { key: CUSTOM, label: 'Custom' },
  ];
  // onTabClick, not onChange: clicking the active tab again also leaves a zoomed range.
  const handleTab = (key: string) => {
    if (key === CUSTOM) {
      onCustom();
    } else if (isGraphMode(key)) {
      onChange(key);
    }
  };
  return (
    <Tabs
      activeKey={mode}
      items={items}
      onTabClick={handleTab}
      style={{ marginBottom: 0 }}
      data-testid="graph-tabs"
    />
  );
}
