import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ACTIVATION_MESSAGES, type ActivationState, PASSWORD_MESSAGES } from '@vigil/contracts';
import { Alert, App, Card, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorMessageOf, isNotFound } from '../../api/api-error';
import { activationKeys, activationStateQuery, setPasswordWithKey } from '../../api/registration';
import { NoticeAlert } from '../../components/NoticeAlert';
import { PageSpinner } from '../../components/PageSpinner';
import { type NewPassword, SetPasswordForm } from '../../components/SetPasswordForm';
import { useAuth } from '../../hooks/useAuth';
import { useNotice } from '../../hooks/useNotice';
import { usePageTitle } from '../../hooks/usePageTitle';
import { ACTIVATION_STATUS_RESET_MS } from '../../messages';
import { PATHS } from '../../routes/paths';
import { TermsOfUse } from './TermsOfUse';

/**
 * Activation at /register/activate/:activationKey (A sections 2 and 4): stage 0 shows the terms of use,
 * stage 1 'Set your password'; success signs the user in. A bad link shows the error, then leaves.
 */
export function ActivationPage() {
  const { activationKey = '' } = useParams();
  const queryClient = useQueryClient();
  const stateQuery = useQuery(activationStateQuery(activationKey));
  // A link that stops working mid-way (used or expired meanwhile) ends the page like a bad one.
  const [linkError, setLinkError] = useState<unknown>(null);
  const stage = stateQuery.data?.stage;
  usePageTitle(stage === 1 ? 'Set your password' : 'Terms of use');

  if (stateQuery.isPending) {
    return <PageSpinner />;
  }
  if (stateQuery.isError || linkError !== null) {
    return <InvalidLink error={stateQuery.error ?? linkError} />;
  }
  return (
    <div className="narrow-page">
      {stage === 0 ? (
        <TermsOfUse
          activationKey={activationKey}
          onAccepted={(state: ActivationState) =>
            queryClient.setQueryData(activationKeys.state(activationKey), state)
          }
          onLinkInvalid={setLinkError}
        />
      ) : (
        <PasswordStage activationKey={activationKey} onLinkInvalid={setLinkError} />
      )}
    </div>
  );
}

/** Where activation ends, success or error: /sites when signed in, otherwise / (A section 2). */
function useLeave() {
  const { token } = useAuth();
  const navigate = useNavigate();
  return useCallback(
    () => navigate(token === null ? PATHS.home : PATHS.sites, { replace: true }),
    [token, navigate],
  );
}

function InvalidLink({ error }: { error: unknown }) {
  const leave = useLeave();
  useEffect(() => {
    const timer = setTimeout(leave, ACTIVATION_STATUS_RESET_MS);
    return () => clearTimeout(timer);
  }, [leave]);
  const text = isNotFound(error)
    ? ACTIVATION_MESSAGES.invalidLink
    : errorMessageOf(error, ACTIVATION_MESSAGES.failed);
  return (
    <div className="narrow-page">
      <Alert type="error" showIcon title={text} data-testid="activation-status" />
    </div>
  );
}

type PasswordStageProps = { activationKey: string; onLinkInvalid: (error: unknown) => void };

function PasswordStage({ activationKey, onLinkInvalid }: PasswordStageProps) {
  const { message } = App.useApp();
  const { signInWithToken } = useAuth();
  const status = useNotice(ACTIVATION_STATUS_RESET_MS);
  const activation = useMutation({
    mutationFn: async ({ password, confirmation }: NewPassword) => {
      const token = await setPasswordWithKey(activationKey, { password1: password, password2: confirmation });
      await signInWithToken(token);
    },
    onSuccess: () => message.success(ACTIVATION_MESSAGES.activated),
    onError: (error) => {
      if (isNotFound(error)) {
        onLinkInvalid(error);
        return;
      }
      status.show(errorMessageOf(error, ACTIVATION_MESSAGES.failed), 'error');
    },
  });

  return (
    <>
      <Typography.Title level={3} className="page-title">
        Set your password
      </Typography.Title>
      <Card>
        <NoticeAlert notice={status.notice} testId="activation-status" />
        <Typography.Paragraph type="secondary">
          Use at least 8 characters, with a digit and an uppercase letter.
        </Typography.Paragraph>
        <SetPasswordForm
          submitLabel="ACTIVATE ME"
          isSubmitting={activation.isPending}
          onSubmit={(values) => activation.mutate(values)}
          onFinishFailed={({ values }) => {
            if (!values.password || !values.confirmation) {
              status.show(PASSWORD_MESSAGES.fieldsEmpty, 'error');
            }
          }}
        />
      </Card>
    </>
  );
}
