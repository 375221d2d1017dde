import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEVICE_MESSAGES, type Device } from '@vigil/contracts';
import { Alert, Button, Col, Empty, Flex, Row, Spin, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { errorMessageOf } from '../../api/api-error';
import { listDevices, selectDevice } from '../../api/devices';
import { getSite } from '../../api/sites';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { ME_QUERY_KEY } from '../../hooks/useMe';
import { usePageTitle } from '../../hooks/usePageTitle';
import { PATHS } from '../../routes/paths';
import { NoticeAlert, useNotice } from '../sites/components/Notice';
import { siteQueryKey } from '../sites/queries';
import { ChooseSite } from './components/ChooseSite';
import { DeviceCard } from './components/DeviceCard';
import { canAddDevice, canOpenDevice } from './device-rules';
import { deviceListQueryKey } from './queries';

/** The site whose devices to show: /devices/:id names it, /devices shows the current one. */
function useShownSite() {
  const me = useCurrentUser();
  const param = Number(useParams().id);
  const siteId = Number.isInteger(param) && param > 0 ? param : undefined;
  const site = useQuery({
    queryKey: siteQueryKey(siteId ?? 0),
    queryFn: ({ signal }) => getSite(siteId ?? 0, signal),
    enabled: siteId !== undefined,
  });
  if (siteId === undefined) {
    return { siteId: me.current_location?.id, siteTitle: me.current_location?.title, requested: undefined };
  }
  return { siteId, siteTitle: site.data?.title, requested: siteId };
}

/** /devices and /devices/:id: the device cards of a site (A section 2 'Devices page'). */
export function DevicesPage() {
  const me = useCurrentUser();
  const { siteId, siteTitle, requested } = useShownSite();
  const client = me.current_client;
  const title =
    client !== null && siteTitle !== undefined ? `${client.company} / ${siteTitle} - Devices` : 'Devices';
  usePageTitle(title);
  const navigate = useNavigate();
  const { notice, show } = useNotice();
  const devices = useQuery({
    queryKey: deviceListQueryKey(requested),
    queryFn: ({ signal }) => listDevices(requested, signal),
    enabled: siteId !== undefined,
  });
  const select = useSelectDevice((error) => show(errorMessageOf(error, DEVICE_MESSAGES.failed), 'error'));

  return (
    <div className="page">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="devices-title">
          {title}
        </Typography.Title>
        {canAddDevice(me, siteId) ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate(PATHS.addDevice)}
            data-testid="add-device"
          >
            Add New Device
          </Button>
        ) : null}
      </Flex>
      <NoticeAlert notice={notice} />
      {devices.isError ? (
        <Alert
          type="error"
          showIcon
          title={errorMessageOf(devices.error, DEVICE_MESSAGES.failed)}
          className="form-alert"
        />
      ) : null}
      {siteId === undefined ? <ChooseSite /> : null}
      {devices.isLoading ? <Spin className="page-spinner" /> : null}
      {devices.isSuccess && devices.data.length === 0 ? (
        <Empty description={DEVICE_MESSAGES.empty} data-testid="devices-empty" />
      ) : null}
      <Row gutter={[16, 16]} data-testid="devices-grid">
        {(devices.data ?? []).map((device) => (
          <Col key={device.id} xs={24} sm={12} lg={8} xxl={6}>
            <DeviceCard
              device={device}
              canOpen={canOpenDevice(me, device)}
              isSelecting={select.isPending && select.variables?.id === device.id}
              onSelect={(chosen) => select.mutate(chosen)}
            />
          </Col>
        ))}
      </Row>
    </div>
  );
}

/** Choosing a card makes the device current and opens the dashboard (A section 2 'Navigation flows'). */
function useSelectDevice(onError: (error: Error) => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (device: Device) => selectDevice(device.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      navigate(PATHS.dashboard);
    },
    onError,
  });
}
