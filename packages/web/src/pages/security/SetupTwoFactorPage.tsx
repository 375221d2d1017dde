import { TWO_FACTOR_MESSAGES } from '@vigil/contracts';
import { Alert, App, Typography } from 'antd';
import { twoFactorGatePath } from '../../auth/navigation';
import { sessionStore } from '../../auth/session-storage';
import { useAuth } from '../../hooks/useAuth';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useTimedValue } from '../../hooks/useTimedValue';
import { ALERT_RESET_MS } from '../../messages';
import { ResetAuthentication } from './components/ResetAuthentication';
import { SetupSteps } from './components/SetupSteps';
import { useFinishVerification } from './useFinishVerification';

type Notice = { type: 'success' | 'error'; title: string; description?: string };

/** Manage Security at /setup2FA/ and /setup2fa/ (A section 2 'Security screens'). */
export function SetupTwoFactorPage() {
  usePageTitle('Manage Security');
  const me = useCurrentUser();
  const { meQuery, is2faRequired } = useAuth();
  const finish = useFinishVerification();
  const { message } = App.useApp();
  const notice = useTimedValue<Notice>(ALERT_RESET_MS);
  const isGated = twoFactorGatePath(me, is2faRequired) !== null;

  const handleComplete = async (detail: string) => {
    // A user held by the gate goes on into the portal, so the message travels as a toast that outlives
    // this page; one who came from settings stays here and sees it in place.
    if (isGated) {
      message.success(detail);
    } else {
      notice.show({ type: 'success', title: detail });
    }
    await finish({ goHome: isGated });
  };

  const handleReset = async (detail: string) => {
    sessionStore.setIs2faVerified(false);
    await meQuery.refetch();
    notice.show({ type: 'success', title: TWO_FACTOR_MESSAGES.authenticationRemoved, description: detail });
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
      {notice.value === null ? null : (
        <Alert
          type={notice.value.type}
          showIcon
          title={notice.value.title}
          description={notice.value.description}
          className="form-alert"
          data-testid="security-alert"
        />
      )}
      {me.registered ? (
        <ResetAuthentication
          onReset={handleReset}
          onFailure={(text) => notice.show({ type: 'error', title: text })}
        />
      ) : (
        <SetupSteps onComplete={handleComplete} />
      )}
    </div>
  );
}
