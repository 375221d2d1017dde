import { Layout } from 'antd';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { twoFactorGatePath } from '../auth/navigation';
import { useAuth } from '../hooks/useAuth';
import { useCurrentUser } from '../hooks/useCurrentUser';
import { useIsTablet } from '../hooks/useIsTablet';
import { AppHeader } from './AppHeader';
import { SideMenu } from './SideMenu';

/** The sidebar follows the tablet breakpoint; the trigger overrides it until the breakpoint is crossed again. */
function useSiderCollapsed() {
  const isTablet = useIsTablet();
  const [isCollapsed, setIsCollapsed] = useState(isTablet);
  const [wasTablet, setWasTablet] = useState(isTablet);
  if (wasTablet !== isTablet) {
    setWasTablet(isTablet);
    setIsCollapsed(isTablet);
  }
  return [isCollapsed, setIsCollapsed] as const;
}

/** Layout of every signed-in screen: header, collapsible sidebar (hidden while two-factor gates) and content. */
export function AppShell() {
  const me = useCurrentUser();
  const { is2faRequired } = useAuth();
  const [isCollapsed, setIsCollapsed] = useSiderCollapsed();
  const isGated = twoFactorGatePath(me, is2faRequired) !== null;

  return (
    <Layout className="app-layout">
      <AppHeader isGated={isGated} />
      <Layout>
        {isGated ? null : (
          <Layout.Sider
            className="app-sider"
            collapsible
            collapsed={isCollapsed}
            onCollapse={setIsCollapsed}
            width={200}
            collapsedWidth={80}
            data-testid="sider"
          >
            <SideMenu isCollapsed={isCollapsed} />
          </Layout.Sider>
        )}
        <Layout.Content className="app-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
