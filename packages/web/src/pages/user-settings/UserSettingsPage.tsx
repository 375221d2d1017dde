import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Card, Col, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { PageSpinner } from '../../components/PageSpinner';
import { useAuth } from '../../hooks/useAuth';
import { usePageTitle } from '../../hooks/usePageTitle';
import { PATHS } from '../../routes/paths';
import { ChangePasswordForm } from './components/ChangePasswordForm';
import { ProfileForm } from './components/ProfileForm';

/** /user/setting (A section 2 'User settings'): profile, password change and the Manage Security link. */
export function UserSettingsPage() {
  usePageTitle('User Settings');
  const { meQuery } = useAuth();
  if (meQuery.data === undefined) {
    return <PageSpinner />;
  }
  return (
    <div className="page">
      <Typography.Title level={3} className="page-title">
        User Settings
      </Typography.Title>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={12}>
          <ProfileForm me={meQuery.data} />
        </Col>
        <Col xs={24} lg={12}>
          <Row gutter={[24, 24]}>
            <Col span={24}>
              <ChangePasswordForm />
            </Col>
            <Col span={24}>
              <Card title="Security">
                <Typography.Paragraph type="secondary">
                  Two-factor authentication asks for a code from your phone when you sign in.
                </Typography.Paragraph>
                <Link to={PATHS.manageSecurity} data-testid="manage-security">
                  <SafetyCertificateOutlined /> Manage Security
                </Link>
              </Card>
            </Col>
          </Row>
        </Col>
      </Row>
    </div>
  );
}
