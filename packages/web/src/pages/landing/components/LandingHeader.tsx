import { CloseOutlined, LoginOutlined } from '@ant-design/icons';
import { Button, Flex, Layout } from 'antd';
import { Link } from 'react-router';
import { DarkBarTheme } from '../../../components/DarkBarTheme';
import { Logo } from '../../../components/Logo';
import { PATHS } from '../../../routes/paths';
import { ContactMenu } from './ContactMenu';

type LandingHeaderProps = { isAuthOpen: boolean; onToggleAuth: () => void };

/** Logo, the Contact Us menu and the Login/Close toggle of the auth panel (A section 2). */
export function LandingHeader({ isAuthOpen, onToggleAuth }: LandingHeaderProps) {
  return (
    <Layout.Header className="landing-header">
      <Link to={PATHS.home} aria-label="Vigil home" className="landing-header-logo">
        <Logo />
      </Link>
      <DarkBarTheme>
        <Flex align="center" gap={8}>
          <ContactMenu />
          <Button
            type={isAuthOpen ? 'default' : 'primary'}
            ghost={isAuthOpen}
            icon={isAuthOpen ? <CloseOutlined /> : <LoginOutlined />}
            aria-expanded={isAuthOpen}
            aria-controls="auth-panel"
            data-testid="auth-toggle"
            onClick={onToggleAuth}
          >
            {isAuthOpen ? 'Close' : 'Login'}
          </Button>
        </Flex>
      </DarkBarTheme>
    </Layout.Header>
  );
}
