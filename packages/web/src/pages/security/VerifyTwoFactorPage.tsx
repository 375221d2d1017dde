import { Card, Typography } from 'antd';
import { Navigate } from 'react-router';
import { homePathFor } from '../../auth/navigation';
import { useAuth } from '../../hooks/useAuth';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { usePageTitle } from '../../hooks/usePageTitle';
import { PATHS } from '../../routes/paths';
import { CodeForm } from './components/CodeForm';
import { useFinishVerification } from './useFinishVerification';

/** /verify2FA/: a registered user proves this session with a code (A section 2 'Security screens'). */
export function VerifyTwoFactorPage() {
  usePageTitle('Verify Security');
  const me = useCurrentUser();
  const { is2faRequired } = useAuth();
  const finish = useFinishVerification();

  if (!me.registered) {
    return <Navigate to={PATHS.manageSecurity} replace />;
  }
  if (me.is_2fa_verified) {
    return <Navigate to={homePathFor(me, is2faRequired)} replace />;
  }
  return (
    <div className="narrow-page">
      <Typography.Title level={3} className="page-title">
        Verify Security
      </Typography.Title>
      <Card>
        <Typography.Paragraph>Please enter the code on your device</Typography.Paragraph>
        <CodeForm onVerified={() => finish({ goHome: true })} />
        <Typography.Paragraph type="secondary" style={{ marginTop: 20, marginBottom: 0 }}>
          Lost access to your authenticator app? Ask your account administrator to reset your two-factor
          authentication.
        </Typography.Paragraph>
      </Card>
    </div>
  );
}
