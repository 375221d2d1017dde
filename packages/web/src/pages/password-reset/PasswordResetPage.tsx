import { useMutation } from '@tanstack/react-query';
import { COMMON_MESSAGES, PASSWORD_MESSAGES, PASSWORD_RESET_MESSAGES, splitResetKey } from '@vigil/contracts';
import { Alert, App, Card, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { errorMessageOf } from '../../api/api-error';
import { confirmPasswordReset } from '../../api/password';
import { NoticeAlert } from '../../components/NoticeAlert';
import { type NewPassword, SetPasswordForm } from '../../components/SetPasswordForm';
import { useNotice } from '../../hooks/useNotice';
import { usePageTitle } from '../../hooks/usePageTitle';
import { ACTIVATION_STATUS_RESET_MS } from '../../messages';
import { PATHS } from '../../routes/paths';

/**
 * Password reset at /password/reset/key/:id, where id is `{uid}-{token}` from the e-mailed link:
 * 'Change Password' with CHANGE PASSWORD; success says so and goes to '/' (A sections 2 and 8).
 */
export function PasswordResetPage() {
  usePageTitle('Change Password');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const error = useNotice(ACTIVATION_STATUS_RESET_MS);
  const link = splitResetKey(id);
  const reset = useMutation({
    mutationFn: ({ password, confirmation }: NewPassword) =>
      confirmPasswordReset({
        uid: link?.uid ?? '',
        token: link?.token ?? '',
        new_password1: password,
        new_password2: confirmation,
      }),
    onSuccess: (detail) => {
      message.success(detail || PASSWORD_RESET_MESSAGES.done);
      navigate(PATHS.home, { replace: true });
    },
    onError: (failure) => error.show(errorMessageOf(failure, COMMON_MESSAGES.unexpected), 'error'),
  });

  return (
    <div className="narrow-page">
      <Typography.Title level={3} className="page-title">
        Change Password
      </Typography.Title>
      <Card>
        {link === null ? (
          <Alert type="error" showIcon className="form-alert" title={PASSWORD_RESET_MESSAGES.invalidLink} />
        ) : null}
        <NoticeAlert notice={error.notice} testId="reset-status" />
        <Typography.Paragraph type="secondary">
          Choose a new password: at least 8 characters, with a digit and an uppercase letter.
        </Typography.Paragraph>
        <SetPasswordForm
          submitLabel="CHANGE PASSWORD"
          isSubmitting={reset.isPending}
          onSubmit={(values) => reset.mutate(values)}
          onFinishFailed={({ values }) => {
            if (!values.password || !values.confirmation) {
              error.show(PASSWORD_MESSAGES.fieldsEmpty, 'error');
            }
          }}
        />
      </Card>
    </div>
  );
}
