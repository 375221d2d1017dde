import { PlusOutlined } from '@ant-design/icons';
import { DEVICE_MESSAGES } from '@vigil/contracts';
import { Col, Empty, Row, Spin } from 'antd';
import { errorMessageOf } from '../../api/api-error';
import { AdminListPage, LoadErrorAlert } from '../../components/AdminListPage';
import { usePageTitle } from '../../hooks/usePageTitle';
import { ChooseSite } from './components/ChooseSite';
import { DeviceCard } from './components/DeviceCard';
import { useDevicesPage } from './useDevicesPage';

/** /devices and /devices/:id: the device cards of a site (A section 2 'Devices page'). */
export function DevicesPage() {
  const { devices, select, ...page } = useDevicesPage();
  usePageTitle(page.title);
  return (
    <AdminListPage
      title={page.title}
      titleTestId="devices-title"
      add={
        page.canAdd
          ? {
              onClick: page.openAddForm,
              testId: 'add-device',
              label: 'Add New Device',
              icon: <PlusOutlined />,
            }
          : undefined
      }
      notice={page.notice}
      noticeTestId="sites-alert"
      loadError={
        devices.isError ? (
          <LoadErrorAlert text={errorMessageOf(devices.error, DEVICE_MESSAGES.failed)} />
        ) : null
      }
    >
      {page.needsSite ? <ChooseSite /> : null}
      {devices.isLoading ? <Spin className="page-spinner" /> : null}
      {devices.isSuccess && devices.data.length === 0 ? (
        <Empty description={DEVICE_MESSAGES.empty} data-testid="devices-empty" />
      ) : null}
      <Row gutter={[16, 16]} data-testid="devices-grid">
        {(devices.data ?? []).map((device) => (
          <Col key={device.id} xs={24} sm={12} lg={8} xxl={6}>
            <DeviceCard
              device={device}
              canOpen={page.canOpen(device)}
              isSelecting={select.isPending && select.variables?.id === device.id}
              onSelect={(chosen) => select.mutate(chosen)}
            />
          </Col>
        ))}
      </Row>
    </AdminListPage>
  );
}
