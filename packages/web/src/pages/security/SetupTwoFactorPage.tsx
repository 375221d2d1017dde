import { TWO_FACTOR_MESSAGES } from '@vigil/contracts';
import { Alert, App, Typography } from 'antd';
import { twoFactorGatePath } from '../../auth/navigation';
import { sessionStore } from '../../auth/session-storage';
import { NoticeAlert } from '../../components/NoticeAlert';
import { useAuth } from '../../hooks/useAuth';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { useNotice } from '../../hooks/useNotice';
import { usePageTitle } from '../../hooks/usePageTitle';
import { ResetAuthentication } from './components/ResetAuthentication';
import { SetupSteps } from './components/SetupSteps';
import { useFinishVerification } from './useFinishVerification';

/** Manage Security at /setup2FA/ and /setup2fa/ (A section 2 'Security screens'). */
export function SetupTwoFactorPage() {
  usePageTitle('Manage Security');
  const me = useCurrentUser();
  const { meQuery, is2faRequired } = useAuth();
  const finish = useFinishVerification();
  const { message } = App.useApp();
  const notice = useNotice();
  const isGated = twoFactorGatePath(me, is2faRequired) !== null;

  const handleComplete = async (detail: string) => {
    // A user held by the gate goes on into the portal, so the message travels as a toast that outlives
    // this page; one who came from settings stays here and sees it in place.
    if (isGated) {
      message.success(detail);
    } else {
      notice.show(detail);
    }
    await finish({ goHome: isGated });
  };

  const handleReset = async (detail: string) => {
    sessionStore.setIs2faVerified(false);
    await meQuery.refetch();
    notice.show(TWO_FACTOR_MESSAGES.authenticationRemoved, 'success', { description: detail });
  };

  return (
    <div className="page" style={{ maxWidth: 760 }}>
      <Typography.Title level={3} className="page-title">
        Manage Security
      </Typography.Title>
      {isGated ? (
        <Alert
          type="warning"
          showIcon
          className="form-alert"
          title="Your organisation requires two-factor authentication"
          description="Set it up to continue to the portal."
        />
      ) : null}
      <NoticeAlert notice={notice.notice} testId="security-alert" />
      {me.registered ? (
        <ResetAuthentication onReset={handleReset} onFailure={(text) => notice.show(text, 'error')} />
      ) : (
        <SetupSteps onComplete={handleComplete} />
      )}
    </div>
  );
}
