import { PlusOutlined } from '@ant-design/icons';
import type { MachineEvent } from '@vigil/contracts';
import { Alert, Breadcrumb, Button, Card, Flex, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { PageSpinner } from '../../components/PageSpinner';
import { usePageTitle } from '../../hooks/usePageTitle';
import { machineDetailsPath, PATHS, visualDashboardSchemasPath } from '../../routes/paths';
import { formatSiteMinute } from '../../time/site-time';
import { AcknowledgeAlarm } from './live-view/AcknowledgeAlarm';
import { alarmedTabsOf } from './live-view/alarm-tabs';
import { EventsTable } from './live-view/EventsTable';
import { LiveNotFound } from './live-view/LiveNotFound';
import { LiveTab } from './live-view/LiveTab';
import styles from './live-view/live-view.module.css';
import { siteNotificationsPath } from './live-view/notification-links';
import { SettingMenu } from './live-view/SettingMenu';
import { TabStrip } from './live-view/TabStrip';
import { TextPromptModal } from './live-view/TextPromptModal';
import { useSchemaActions } from './live-view/useSchemaActions';
import { type SchemaDetailsPageState, useSchemaDetailsPage } from './live-view/useSchemaDetailsPage';
import { VersionsDrawer } from './live-view/VersionsDrawer';

/** /visual-dashboard/site/:siteId/schemas/:schemaId/tabs/:tabId (M section 2 'Schema details'). */
export function SchemaDetailsPage() {
  const page = useSchemaDetailsPage();
  usePageTitle(page.schema === null ? 'Live View' : `Live View: ${page.schema.name}`);
  if (page.isForbidden) {
    return <Navigate to={PATHS.home} replace />;
  }
  if (page.isNotFound) {
    return <LiveNotFound what="schema or tab" siteId={page.siteId} />;
  }
  if (page.redirect !== null) {
    return <Navigate to={page.redirect} replace />;
  }
  if (page.error !== null) {
    return (
      <Alert
        type="error"
        showIcon
        message="The live view could not be loaded."
        description={page.error.message}
      />
    );
  }
  if (page.isLoading || page.schema === null) {
    return <PageSpinner />;
  }
  return <SchemaLiveView page={page} schema={page.schema} />;
}

type ViewProps = {
  page: SchemaDetailsPageState;
  schema: NonNullable<SchemaDetailsPageState['schema']>;
};

function SchemaLiveView({ page, schema }: ViewProps) {
  const actions = useSchemaActions(schema, page.tabId);
  const [isVersionsOpen, setIsVersionsOpen] = useState(false);
  const [acknowledging, setAcknowledging] = useState<MachineEvent | null>(null);
  const siteTitle = page.site?.title ?? 'Site';
  const alarms = page.alarms.data;
  const alarmed = useMemo(
    () => alarmedTabsOf(schema.schema_tabs, alarms ?? []),
    [schema.schema_tabs, alarms],
  );
  const act = {
    timeZone: page.timeZone,
    canEdit: page.canEdit,
    alarms: alarms ?? [],
    devices: page.site?.devices,
    onAcknowledge: setAcknowledging,
  };
  const editor = `${schema.modified_by.first_name} ${schema.modified_by.last_name}`.trim();
  return (
    <div data-testid="schema-live-page">
      <Breadcrumb
        items={[
          { title: page.canEdit ? <Link to={PATHS.sites}>{siteTitle}</Link> : siteTitle },
          { title: <Link to={visualDashboardSchemasPath(page.siteId)}>VISUAL DASHBOARD</Link> },
          { title: schema.name },
        ]}
      />
      <Flex justify="space-between" align="center" wrap gap={8} style={{ margin: '8px 0' }}>
        <Flex align="center" gap={8} wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            Live View: {schema.name}
          </Typography.Title>
          {schema.is_published ? <Tag color="green">Published</Tag> : <Tag>Unpublished</Tag>}
        </Flex>
        {page.canEdit ? (
          <Flex gap={8} wrap>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={actions.addTab}
              data-testid="live-add-tab"
            >
              ADD NEW SCHEMA
            </Button>
            <SettingMenu schema={schema} actions={actions} onShowVersions={() => setIsVersionsOpen(true)} />
          </Flex>
        ) : null}
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        Changed {formatSiteMinute(schema.update_dt * 1000, page.timeZone)}
        {editor === '' ? '' : ` by ${editor}`}
        {schema.is_published && schema.comment ? ` — ${schema.comment}` : ''}
      </Typography.Paragraph>
      <TabStrip
        schema={schema}
        tabId={page.tabId}
        canEdit={page.canEdit}
        actions={actions}
        alarmed={alarmed}
      />
      <LiveTab
        room={page.liveRoom}
        schemaId={schema.id}
        tab={page.tab}
        types={page.types}
        devices={page.site?.devices}
        machinePath={(machineId) => machineDetailsPath(page.siteId, schema.id, page.tabId, machineId)}
        act={act}
        aside={
          <Card
            size="small"
            title="Active alarms"
            extra={<Link to={siteNotificationsPath(page.siteId)}>View all</Link>}
            className={styles.sideCard}
            data-testid="live-active-alarms"
          >
            <EventsTable
              events={page.alarms}
              timeZone={page.timeZone}
              emptyText="No active alarm."
              isCompact
              testId="schema-alarms"
            />
          </Card>
        }
      />
      {acknowledging === null ? null : (
        <AcknowledgeAlarm
          event={acknowledging}
          siteTitle={siteTitle}
          onCancel={() => setAcknowledging(null)}
          onDone={() => {
            setAcknowledging(null);
            void page.alarms.refetch();
          }}
        />
      )}
      {actions.prompt === null ? null : (
        <TextPromptModal prompt={actions.prompt} onClose={actions.closePrompt} />
      )}
      {isVersionsOpen ? (
        <VersionsDrawer
          siteId={page.siteId}
          currentSchemaId={schema.id}
          canEdit={page.canEdit}
          timeZone={page.timeZone}
          onClose={() => setIsVersionsOpen(false)}
        />
      ) : null}
    </div>
  );
}
