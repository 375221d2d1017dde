import { DownOutlined, SettingOutlined } from '@ant-design/icons';
import type { Device } from '@vigil/contracts';
import { App, Breadcrumb, Button, Dropdown, type MenuProps, Tabs, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { PATHS } from '../../../routes/paths';
import { deviceNotificationsPath } from '../../notifications/notification-paths';
import type { DashboardMode } from '../dashboard-context';
import { DASHBOARD_PATH, MAINTENANCE_MODE_QUERY, MAINTENANCE_MODE_VALUE } from '../dashboard-paths';
import { FIX_NOTIFICATION_CONFIRM, settingMenuOf } from '../setting-menu';

type DashboardHeaderProps = {
  device: Device;
  siteTitle: string | null;
  mode: DashboardMode;
  canEdit: boolean;
  isSuperuser: boolean;
  onOpenHistorical: () => void;
  onOpenWarnings: () => void;
  onFixNotifications: () => void;
};

/** Breadcrumb, device title, the Live / Historical / Maintenance / Device Notifications tabs and Setting. */
export function DashboardHeader(props: DashboardHeaderProps) {
  const { device, siteTitle, mode, canEdit, isSuperuser } = props;
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const tabs = [
    { key: 'live', label: 'Live' },
    { key: 'historical', label: 'Historical' },
    ...(canEdit ? [{ key: 'maintenance', label: 'Maintenance' }] : []),
    { key: 'notifications', label: 'Device Notifications' },
  ];
  const handleTab = (key: string) => {
    if (key === 'live') {
      navigate(DASHBOARD_PATH);
    } else if (key === 'historical') {
      props.onOpenHistorical();
    } else if (key === 'maintenance') {
      navigate(`${DASHBOARD_PATH}?${MAINTENANCE_MODE_QUERY}=${MAINTENANCE_MODE_VALUE}`);
    } else {
      // The tab is about this device: the log opens with its device filter (M section 2).
      navigate(deviceNotificationsPath(device.id));
    }
  };
  // Sensor types follow the registered type, as the server's settings/sensor-types does.
  const items: MenuProps['items'] = settingMenuOf({
    canEdit,
    isSuperuser,
    mode,
    deviceType: device.device_type,
  });
  const handleMenu: MenuProps['onClick'] = ({ key }) => {
    if (key === 'warnings') {
      props.onOpenWarnings();
    } else if (key === 'names') {
      navigate('/edit/sensor/names');
    } else if (key === 'images') {
      navigate('/edit/sensor/images');
    } else if (key === 'fix') {
      modal.confirm({
        ...FIX_NOTIFICATION_CONFIRM,
        okButtonProps: { danger: true },
        onOk: props.onFixNotifications,
      });
    } else if (key === 'types') {
      navigate('/edit/sensor/types');
    }
  };
  return (
    <div>
      <Breadcrumb
        items={[
          { title: <Link to={PATHS.sites}>{siteTitle ?? 'Sites'}</Link> },
          { title: <Link to={PATHS.devices}>{device.title}</Link> },
        ]}
      />
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 12,
        }}
      >
        <Typography.Title level={3} style={{ margin: '8px 0' }} data-testid="dashboard-title">
          {device.title}
        </Typography.Title>
        <Dropdown menu={{ items, onClick: handleMenu }} trigger={['click']}>
          <Button icon={<SettingOutlined />} data-testid="dashboard-settings">
            Setting <DownOutlined />
          </Button>
        </Dropdown>
      </div>
      <Tabs
        activeKey={mode === 'maintenance' ? 'maintenance' : mode === 'snapshot' ? 'historical' : 'live'}
        items={tabs}
        onTabClick={handleTab}
        data-testid="dashboard-tabs"
      />
    </div>
  );
}
