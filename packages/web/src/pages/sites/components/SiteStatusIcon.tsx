import { CheckCircleFilled, CloseCircleFilled, PauseCircleFilled, WarningFilled } from '@ant-design/icons';
import type { SiteStatus } from '@vigil/contracts';
import { Space, Typography } from 'antd';
import type { ReactNode } from 'react';

const STATUS_VIEW: Record<SiteStatus, { label: string; icon: ReactNode }> = {
  alarm: { label: 'Alarm', icon: <CloseCircleFilled style={{ color: '#cf1322' }} /> },
  warning: { label: 'Warning', icon: <WarningFilled style={{ color: '#d48806' }} /> },
  suspended: { label: 'Suspended', icon: <PauseCircleFilled style={{ color: '#8c8c8c' }} /> },
  ok: { label: 'OK', icon: <CheckCircleFilled style={{ color: '#389e0d' }} /> },
};

/** The card status of A section 4 as an icon with its word. */
export function SiteStatusIcon({ status }: { status: SiteStatus }) {
  const view = STATUS_VIEW[status];
  return (
    <Space size={6} className="site-status" data-testid={`site-status-${status}`}>
      <span className="site-status-icon" aria-hidden>
        {view.icon}
      </span>
      <Typography.Text strong>{view.label}</Typography.Text>
    </Space>
  );
}
