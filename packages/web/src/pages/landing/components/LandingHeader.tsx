import { CloseOutlined, DownOutlined, LoginOutlined } from '@ant-design/icons';
import { Button, Dropdown, Flex, Layout } from 'antd';
import { Link } from 'react-router';
import { DarkBarTheme } from '../../../components/DarkBarTheme';
import { Logo } from '../../../components/Logo';
import { PATHS } from '../../../routes/paths';

type LandingHeaderProps = { isAuthOpen: boolean; onToggleAuth: () => void };

/** Logo, the Contact Us menu and the Login/Close toggle of the auth panel (A section 2). */
export function LandingHeader({ isAuthOpen, onToggleAuth }: LandingHeaderProps) {
  const contactItems = [
    {
      key: 'feedback',
      label: <Link to={PATHS.feedback}>Send Feedback</Link>,
      'data-testid': 'contact-feedback',
    },
  ];
  return (
    <Layout.Header className="landing-header">
      <Link to={PATHS.home} aria-label="Vigil home" className="landing-header-logo">
        <Logo />
      </Link>
      <DarkBarTheme>
        <Flex align="center" gap={8}>
          <Dropdown menu={{ items: contactItems }} trigger={['click', 'hover']} placement="bottomRight">
            <Button type="text" className="landing-header-link" data-testid="contact-us">
              Contact Us <DownOutlined />
            </Button>
          </Dropdown>
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
