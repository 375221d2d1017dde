import { Flex, Layout } from 'antd';
import { Link } from 'react-router';
import { PATHS } from '../routes/paths';
import { DarkBarTheme } from './DarkBarTheme';
import { HeaderNotifications } from './HeaderNotifications';
import { Logo } from './Logo';
import { ProfileMenu } from './ProfileMenu';

/** Top bar of the signed-in portal; while two-factor gates the session only Logout is offered. */
export function AppHeader({ isGated }: { isGated: boolean }) {
  return (
    <Layout.Header className="app-header">
      <Link to={PATHS.home} aria-label="Vigil home" className="app-header-logo">
        <Logo />
      </Link>
      <DarkBarTheme>
        <Flex align="center" gap={8}>
          {isGated ? null : <HeaderNotifications />}
          <ProfileMenu isSettingsHidden={isGated} />
        </Flex>
      </DarkBarTheme>
    </Layout.Header>
  );
}
