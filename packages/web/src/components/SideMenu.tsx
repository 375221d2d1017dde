import {
  AlertOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  DashboardOutlined,
  EnvironmentOutlined,
  HddOutlined,
  LineChartOutlined,
  MailOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useCurrentUser } from '../hooks/useCurrentUser';
import { activeNavKey, buildNavItems, type NavKey } from './nav-items';

const NAV_ICONS: Record<NavKey, ReactNode> = {
  clients: <TeamOutlined />,
  sites: <EnvironmentOutlined />,
  devices: <HddOutlined />,
  dashboard: <DashboardOutlined />,
  graphs: <LineChartOutlined />,
  notifications: <AlertOutlined />,
  'email-alerts': <MailOutlined />,
  analytics: <BarChartOutlined />,
  audit: <AuditOutlined />,
  'visual-dashboard': <AppstoreOutlined />,
  'oem-settings': <SettingOutlined />,
};

/** The sidebar menu of A section 2; each entry carries data-testid="nav-<key>". */
export function SideMenu({ isCollapsed }: { isCollapsed: boolean }) {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const navItems = buildNavItems(me, isCollapsed);
  const selectedKey = activeNavKey(pathname);

  const items: MenuProps['items'] = navItems.map((item) => ({
    key: item.key,
    icon: NAV_ICONS[item.key],
    label: item.label,
    'data-testid': `nav-${item.key}`,
  }));

  const handleClick: MenuProps['onClick'] = ({ key }) => {
    const target = navItems.find((item) => item.key === key);
    if (target !== undefined) {
      navigate(target.path);
    }
  };

  return (
    <Menu
      theme="dark"
      mode="inline"
      items={items}
      selectedKeys={selectedKey === null ? [] : [selectedKey]}
      onClick={handleClick}
    />
  );
}
