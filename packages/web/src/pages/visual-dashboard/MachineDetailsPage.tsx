import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Breadcrumb, Button, Flex, Typography } from 'antd';
import { Link, Navigate, useNavigate } from 'react-router';
import { PageSpinner } from '../../components/PageSpinner';
import { usePageTitle } from '../../hooks/usePageTitle';
import { PATHS, schemaTabPath, visualDashboardSchemasPath } from '../../routes/paths';
import { LiveNotFound } from './live-view/LiveNotFound';
import { LiveNotice } from './live-view/LiveNotice';
import styles from './live-view/live-view.module.css';
import { MachineEventsCard } from './machine-details/MachineEventsCard';
import { MachineGraphsCard } from './machine-details/MachineGraphsCard';
import { MachineInfoCard } from './machine-details/MachineInfoCard';
import { MachineSensorsCard } from './machine-details/MachineSensorsCard';
import { type MachineDetailsPageState, useMachineDetailsPage } from './machine-details/useMachineDetailsPage';

/** /visual-dashboard/site/:siteId/schemas/:schemaId/tabs/:tabId/machines/:machineId/ (M section 2). */
export function MachineDetailsPage() {
  usePageTitle('Live View: Detailed View');
  const page = useMachineDetailsPage();
  if (page.isForbidden) {
    return <Navigate to={PATHS.home} replace />;
  }
  if (page.isNotFound) {
    return <LiveNotFound what="machine" siteId={page.siteId} />;
  }
  if (page.error !== null) {
    return (
      <Alert
        type="error"
        showIcon
        message="The machine could not be loaded."
        description={page.error.message}
      />
    );
  }
  if (page.isLoading || page.machine === null) {
    return <PageSpinner />;
  }
  return <MachineDetailsView page={page} machine={page.machine} />;
}

function MachineDetailsView({
  page,
  machine,
}: {
  page: MachineDetailsPageState;
  machine: NonNullable<MachineDetailsPageState['machine']>;
}) {
  const navigate = useNavigate();
  const tabPath = schemaTabPath(page.siteId, page.schemaId, page.tabId);
  const siteTitle = page.site?.title ?? machine.schema.location.title;
  return (
    <div data-testid="machine-details-page">
      <Breadcrumb
        items={[
          { title: page.site?.can_edit ? <Link to={PATHS.sites}>{siteTitle}</Link> : siteTitle },
          { title: <Link to={visualDashboardSchemasPath(page.siteId)}>{machine.schema.name}</Link> },
          { title: <Link to={tabPath}>{machine.schema_tab.name}</Link> },
          { title: 'Detailed View' },
        ]}
      />
      <Flex align="center" gap={12} wrap style={{ margin: '8px 0 12px' }}>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(tabPath)} data-testid="machine-back">
          Back
        </Button>
        <Typography.Title level={4} style={{ margin: 0 }}>
          Live View: Detailed View
        </Typography.Title>
      </Flex>
      <LiveNotice status={page.socketStatus} />
      <div className={styles.detailsGrid}>
        <MachineInfoCard page={page} machine={machine} />
        <MachineEventsCard page={page} />
        <div className={styles.detailsWide}>
          <MachineSensorsCard page={page} machine={machine} />
        </div>
        <div className={styles.detailsWide}>
          <MachineGraphsCard page={page} />
        </div>
      </div>
    </div>
  );
}
