import { HomeOutlined } from '@ant-design/icons';
import { Button, Layout } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { PATHS } from '../routes/paths';
import { DarkBarTheme } from './DarkBarTheme';
import { Logo } from './Logo';
import { SiteFooter } from './SiteFooter';

/** Frame of the visitor pages other than the landing page: logo header, centred content, footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Layout className="public-layout">
      <Layout.Header className="public-header">
        <Link to={PATHS.home} aria-label="Vigil home" className="public-header-logo">
          <Logo />
        </Link>
        <DarkBarTheme>
          <Button type="text" icon={<HomeOutlined />} onClick={() => navigate(PATHS.home)}>
            Home
          </Button>
        </DarkBarTheme>
      </Layout.Header>
      <Layout.Content className="public-content">{children}</Layout.Content>
      <SiteFooter />
    </Layout>
  );
}
