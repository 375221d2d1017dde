import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { DeviceProofTests, ProofTestSensor, SiteProofTestReport } from '@vigil/contracts';
import { Alert, Breadcrumb, Button, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { siteProofTestsQuery } from '../../api/proof-tests';
import { PageSpinner } from '../../components/PageSpinner';
import { usePageTitle } from '../../hooks/usePageTitle';
import { PATHS } from '../../routes/paths';
import { formatSiteMinute } from '../../time/site-time';
import { dueText, lastTestText, PROOF_TEST_TAG_COLORS, statusLabel } from './proof-test-format';
import './proof-tests.css';

/**
 * /sites/:siteId/proof-test-report (beyond the spec; docs/proof-tests.md): every alarm sensor of every device of
 * the site with its last successful maintenance test and due date, printable as the plant's test record.
 */
export function ProofTestReportPage() {
  const siteId = Number(useParams().siteId);
  const report = useQuery({
    ...siteProofTestsQuery(siteId),
    enabled: Number.isInteger(siteId) && siteId > 0,
  });
  usePageTitle(report.data ? `Proof-test report: ${report.data.site.title}` : 'Proof-test report');

  if (report.isPending && report.fetchStatus !== 'idle') {
    return <PageSpinner />;
  }
  if (report.data === undefined) {
    return (
      <Alert
        type="error"
        showIcon
        message="The proof-test report could not be loaded."
        description={report.error instanceof Error ? report.error.message : 'This site does not exist.'}
        action={<Link to={PATHS.sites}>Back to sites</Link>}
      />
    );
  }
  return <Report report={report.data} />;
}

function Report({ report }: { report: SiteProofTestReport }) {
  const { site, counts } = report;
  const attention = counts.overdue + counts.never;
  return (
    <div className="proof-test-report" data-testid="proof-test-report">
      <Breadcrumb
        className="proof-test-no-print"
        items={[
          { title: <Link to={PATHS.sites}>Sites</Link> },
          { title: site.title },
          { title: 'Proof-test report' },
        ]}
      />
      <Flex justify="space-between" align="flex-start" wrap gap={8}>
        <div>
          <Typography.Title level={3}>Proof-test report: {site.title}</Typography.Title>
          <Typography.Text type="secondary">{site.address}</Typography.Text>
        </div>
        <Button className="proof-test-no-print" icon={<PrinterOutlined />} onClick={() => window.print()}>
          Print
        </Button>
      </Flex>
      <Typography.Paragraph className="proof-test-summary">
        Every alarm sensor must pass a maintenance test every {report.interval_days} days. Generated{' '}
        {formatSiteMinute(report.generated_at, site.timezone)}; times and dates are the site's (
        {site.timezone}).
        <br />
        <strong data-testid="proof-test-totals">
          {counts.ok} tested, {counts.due} due within 14 days, {counts.overdue} overdue, {counts.never} never
          tested.
        </strong>
      </Typography.Paragraph>
      {attention > 0 ? (
        <Alert
          type="warning"
          showIcon
          message={`${attention} alarm sensor${attention === 1 ? '' : 's'} must be tested now.`}
        />
      ) : null}
      {report.devices.length === 0 ? (
        <Typography.Paragraph>This site has no devices.</Typography.Paragraph>
      ) : (
        report.devices.map((device) => (
          <DeviceSection key={device.device.id} device={device} timeZone={site.timezone} />
        ))
      )}
    </div>
  );
}

function DeviceSection({ device, timeZone }: { device: DeviceProofTests; timeZone: string }) {
  const columns: TableColumnsType<ProofTestSensor> = [
    { title: 'GROUP', dataIndex: 'group_name', key: 'group' },
    { title: 'SENSOR', dataIndex: 'name', key: 'name' },
    {
      title: 'STATUS',
      dataIndex: 'status',
      key: 'status',
      render: (status: ProofTestSensor['status']) => (
        <Tag color={PROOF_TEST_TAG_COLORS[status]}>{statusLabel(status)}</Tag>
      ),
    },
    {
      title: 'LAST SUCCESSFUL TEST',
      key: 'last',
      render: (_, row) => lastTestText(row.last_test?.time ?? null, timeZone),
    },
    { title: 'ENGINEER', key: 'engineer', render: (_, row) => row.last_test?.engineer ?? '—' },
    { title: 'COMMENT', key: 'comment', render: (_, row) => row.last_test?.comment ?? '—' },
    { title: 'DUE', key: 'due', render: (_, row) => dueText(row.due_date, timeZone) },
  ];
  return (
    <section className="proof-test-device" data-testid={`proof-test-device-${device.device.id}`}>
      <Typography.Title level={4}>{device.device.title}</Typography.Title>
      {device.sensors.length === 0 ? (
        <Typography.Text type="secondary">The device has not reported its sensors yet.</Typography.Text>
      ) : (
        <Table<ProofTestSensor>
          size="small"
          rowKey="sensor_id"
          columns={columns}
          dataSource={device.sensors}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      )}
    </section>
  );
}
