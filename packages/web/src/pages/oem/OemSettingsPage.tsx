import { FileTextOutlined, HddOutlined, MailOutlined, PhoneOutlined, ReadOutlined } from '@ant-design/icons';
import type { LayoutSettings } from '@vigil/contracts';
import { Card, Col, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { usePageTitle } from '../../hooks/usePageTitle';
import { PATHS } from '../../routes/paths';
import { OemLoadError } from './components/OemLoadError';
import { useOemSettings, useRssFeed } from './useOemQueries';
import './oem.css';

type HubCardProps = { title: string; icon: ReactNode; to: string; testId: string; children: ReactNode };

function HubCard({ title, icon, to, testId, children }: HubCardProps) {
  return (
    <Col xs={24} md={12} xl={6}>
      <Link to={to} data-testid={testId} aria-label={title}>
        <Card hoverable className="oem-hub-card">
          <Card.Meta avatar={icon} title={title} description={children} />
        </Card>
      </Link>
    </Col>
  );
}

function contactsSummary(settings: LayoutSettings | undefined): string {
  if (settings === undefined) {
    return 'Address, phone, e-mail, logo and custom styling.';
  }
  const parts = [settings.support_email, settings.support_phone].filter((part) => part !== '');
  return parts.length === 0 ? 'No support contacts yet.' : parts.join(' · ');
}

/** /oem/setting: the OEM Setting hub (A section 2), super user and OEM. */
export function OemSettingsPage() {
  usePageTitle('OEM Setting');
  const me = useCurrentUser();
  const settings = useOemSettings();
  const rssFeed = useRssFeed();
  const hasFailed = settings.isError || rssFeed.isError;
  const entries = rssFeed.data?.length;

  return (
    <div className="page">
      <Typography.Title level={3} className="page-title">
        OEM Setting
      </Typography.Title>
      {hasFailed ? (
        <OemLoadError
          isRetrying={settings.isFetching || rssFeed.isFetching}
          onRetry={() => {
            void settings.refetch();
            void rssFeed.refetch();
          }}
        />
      ) : null}
      <Row gutter={[16, 16]}>
        <HubCard
          title="RSS Feeds"
          icon={<ReadOutlined className="oem-hub-icon" />}
          to={PATHS.rssFeedEdit}
          testId="oem-card-rss"
        >
          <Typography.Paragraph type="secondary" className="oem-hub-summary">
            {entries === undefined
              ? 'News entries shown to users.'
              : `${entries} ${entries === 1 ? 'entry' : 'entries'}`}
          </Typography.Paragraph>
        </HubCard>
        <HubCard
          title="Support Contacts"
          icon={<PhoneOutlined className="oem-hub-icon" />}
          to={PATHS.supportContacts}
          testId="oem-card-contacts"
        >
          <Typography.Paragraph type="secondary" className="oem-hub-summary" ellipsis={{ rows: 2 }}>
            {contactsSummary(settings.data)}
          </Typography.Paragraph>
        </HubCard>
        <HubCard
          title="Static Pages & CSS"
          icon={<FileTextOutlined className="oem-hub-icon" />}
          to={PATHS.flatpagesAdmin}
          testId="oem-card-pages"
        >
          <Typography.Paragraph type="secondary" className="oem-hub-summary">
            Pages such as the terms of use, each with its own CSS.
          </Typography.Paragraph>
        </HubCard>
        <HubCard
          title="Hardware Units"
          icon={<HddOutlined className="oem-hub-icon" />}
          to={PATHS.hardware}
          testId="oem-card-hardware"
        >
          <Typography.Paragraph type="secondary" className="oem-hub-summary">
            Units provisioned for devices: serial number, code, type and UDF ID.
          </Typography.Paragraph>
        </HubCard>
        {me.is_superuser ? (
          <HubCard
            title="Mail Outbox"
            icon={<MailOutlined className="oem-hub-icon" />}
            to={PATHS.outbox}
            testId="oem-card-outbox"
          >
            <Typography.Paragraph type="secondary" className="oem-hub-summary">
              Every e-mail the portal sends, with its delivery state.
            </Typography.Paragraph>
          </HubCard>
        ) : null}
      </Row>
    </div>
  );
}
