import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Shelf } from '@vigil/contracts';
import { Alert, App, Breadcrumb, Button, Table, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { errorMessageOf } from '../../api/api-error';
import { shelvedSensorsQuery, shelvingKeys, unshelveSensor } from '../../api/shelving';
import { siteQuery } from '../../api/sites';
import { PageSpinner } from '../../components/PageSpinner';
import { usePageTitle } from '../../hooks/usePageTitle';
import { PATHS } from '../../routes/paths';
import { formatSiteMinute } from '../../time/site-time';

const LOAD_FAILED = 'The shelved sensors could not be loaded.';

/**
 * /sites/:siteId/shelved (issue 27, docs/shelving.md): every shelved sensor of the site with its device, full
 * name, who shelved it, why and until when (the site's time, zone named); editors unshelve from here.
 */
export function ShelvedSensorsPage() {
  const raw = Number(useParams().siteId);
  const siteId = Number.isInteger(raw) && raw > 0 ? raw : 0;
  const site = useQuery({ ...siteQuery(siteId), enabled: siteId > 0 });
  const list = useQuery({ ...shelvedSensorsQuery(siteId), enabled: siteId > 0 });
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const unshelve = useMutation({
    mutationFn: (shelf: Shelf) => unshelveSensor(siteId, shelf.id),
    onSuccess: async (shelf) => {
      await queryClient.invalidateQueries({ queryKey: shelvingKeys.site(siteId) });
      message.success(`${shelf.sensor_name} unshelved`);
    },
    onError: (error) => message.error(errorMessageOf(error, 'The sensor could not be unshelved.')),
  });
  const title = site.data?.title;
  usePageTitle(title === undefined ? 'Shelved sensors' : `Shelved sensors: ${title}`);

  if (list.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={errorMessageOf(list.error, LOAD_FAILED)}
        action={<Link to={PATHS.sites}>Back to sites</Link>}
      />
    );
  }
  if (list.data === undefined) {
    return <PageSpinner />;
  }
  const { timezone, can_edit: canEdit, results } = list.data;
  const time = (iso: string) => formatSiteMinute(Date.parse(iso), timezone);
  return (
    <div className="page" data-testid="shelved-page">
      <Breadcrumb
        items={[
          { title: <Link to={PATHS.sites}>Sites</Link> },
          { title: title ?? '' },
          { title: 'Shelved sensors' },
        ]}
        style={{ marginBottom: 8 }}
      />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Shelved sensors{title === undefined ? '' : `: ${title}`}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        A shelved sensor's alarms and warnings are still logged (marked Shelved) but send no e-mail, no
        escalation, no toast and no sound, until the shelf ends or someone unshelves it. Editors shelve a
        sensor from its card on the dashboard.
      </Typography.Paragraph>
      <Table<Shelf>
        rowKey="id"
        dataSource={results}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: 'No sensor of this site is shelved.' }}
        data-testid="shelved-table"
        columns={[
          {
            title: 'Device',
            key: 'device',
            render: (_, shelf) => (
              <Link to={`/dashboard?device=${shelf.device.id}`}>{shelf.device.title}</Link>
            ),
          },
          { title: 'Sensor', dataIndex: 'sensor_name', key: 'sensor' },
          {
            title: 'Shelved by',
            key: 'by',
            render: (_, shelf) => `${shelf.shelved_by}, ${time(shelf.shelved_at)}`,
          },
          { title: 'Reason', dataIndex: 'reason', key: 'reason' },
          { title: 'Until', key: 'until', render: (_, shelf) => time(shelf.until) },
          ...(canEdit
            ? [
                {
                  title: '',
                  key: 'unshelve',
                  render: (_: unknown, shelf: Shelf) => (
                    <Button
                      size="small"
                      onClick={() => unshelve.mutate(shelf)}
                      loading={unshelve.isPending && unshelve.variables?.id === shelf.id}
                      data-testid={`shelved-unshelve-${shelf.id}`}
                    >
                      Unshelve
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}
