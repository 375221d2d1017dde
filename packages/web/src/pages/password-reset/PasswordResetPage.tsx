import { App, Card, Typography } from 'antd';
import { SetPasswordForm } from '../../components/SetPasswordForm';
import { usePageTitle } from '../../hooks/usePageTitle';

/** Password reset at /password/reset/key/:id: 'Change Password' (A section 2). */
export function PasswordResetPage() {
  usePageTitle('Change Password');
  const { message } = App.useApp();
  return (
    <div className="narrow-page">
      <Typography.Title level={3} className="page-title">
        Change Password
      </Typography.Title>
      <Card>
        <Typography.Paragraph type="secondary">
          Choose a new password: at least 8 characters, with a digit and an uppercase letter.
        </Typography.Paragraph>
        <SetPasswordForm
          submitLabel="CHANGE PASSWORD"
          onSubmit={() => message.info('Password change is not available yet.')}
        />
      </Card>
    </div>
  );
}
