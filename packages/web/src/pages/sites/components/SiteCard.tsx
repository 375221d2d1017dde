import {
  AlertOutlined,
  EditOutlined,
  EnvironmentOutlined,
  PauseCircleOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import type { Site } from '@vigil/contracts';
import { Card, Space, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { escalationPolicyPath, proofTestReportPath, shelvedSensorsPath } from '../../../routes/paths';
import { SiteStatusIcon } from './SiteStatusIcon';

type SiteCardProps = { site: Site; isSelecting: boolean; onSelect: (site: Site) => void };

/** One site: title, address, status and, with edit rights, the edit icon (A section 2 'Sites page'). */
export function SiteCard({ site, isSelecting, onSelect }: SiteCardProps) {
  const edit = site.can_edit ? (
    <Tooltip title="Edit site">
      <Link
        to={`/sites/edit/${site.id}`}
        aria-label={`Edit ${site.title}`}
        onClick={(event) => event.stopPropagation()}
        data-testid={`site-edit-${site.id}`}
      >
        <EditOutlined />
      </Link>
    </Tooltip>
  ) : null;
  const report = (
    <Tooltip title="Proof-test report">
      <Link
        to={proofTestReportPath(site.id)}
        aria-label={`Proof-test report of ${site.title}`}
        onClick={(event) => event.stopPropagation()}
        data-testid={`site-proof-tests-${site.id}`}
      >
        <SafetyCertificateOutlined />
      </Link>
    </Tooltip>
  );
  const escalation = (
    <Tooltip title="Escalation policy">
      <Link
        to={escalationPolicyPath(site.id)}
        aria-label={`Escalation policy of ${site.title}`}
        onClick={(event) => event.stopPropagation()}
        data-testid={`site-escalation-${site.id}`}
      >
        <AlertOutlined />
      </Link>
    </Tooltip>
  );
  const shelved = (
    <Tooltip title="Shelved sensors">
      <Link
        to={shelvedSensorsPath(site.id)}
        aria-label={`Shelved sensors of ${site.title}`}
        onClick={(event) => event.stopPropagation()}
        data-testid={`site-shelved-${site.id}`}
      >
        <PauseCircleOutlined />
      </Link>
    </Tooltip>
  );
  return (
    <Card
      hoverable
      title={site.title}
      extra={
        <Space size="middle">
          {report}
          {escalation}
          {shelved}
          {edit}
        </Space>
      }
      loading={isSelecting}
      className={`site-card site-card-${site.status}`}
      onClick={() => onSelect(site)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          onSelect(site);
        }
      }}
      tabIndex={0}
      role="button"
      aria-label={`Open ${site.title}`}
      data-testid={`site-card-${site.id}`}
    >
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className="site-card-address">
        <EnvironmentOutlined /> {site.address}
      </Typography.Paragraph>
      <SiteStatusIcon status={site.status} />
    </Card>
  );
}
