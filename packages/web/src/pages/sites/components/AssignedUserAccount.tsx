import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ASSIGNED_USER_MESSAGES, type AssignedUserDetail } from '@vigil/contracts';
import { App, Button, Card, Flex, Space, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { errorMessageOf } from '../../../api/api-error';
import { disableTwoFactorOf } from '../../../api/two-factor';
import { assignedUserKeys, removeAssignedUser, resendActivation } from '../../../api/users';
import { noticeState } from '../../../hooks/useNotice';
import { USER_ALERT_RESET_MS } from '../../../messages';
import { ActivationLink } from './ActivationLink';

type AssignedUserAccountProps = {
  user: AssignedUserDetail;
  backPath: string;
  onNotice: (text: string, type?: 'success' | 'error') => void;
};

/** For staff and accounts management: reset 2FA, resend activation, the activation link, removal. */
export function AssignedUserAccount({ user, backPath, onNotice }: AssignedUserAccountProps) {
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const onError = (error: Error) => onNotice(errorMessageOf(error, ASSIGNED_USER_MESSAGES.failed), 'error');

  const resetTwoFactor = useMutation({
    mutationFn: () => disableTwoFactorOf(user.id),
    onSuccess: () => onNotice(ASSIGNED_USER_MESSAGES.authenticationRemoved),
    onError,
  });
  const resend = useMutation({
    mutationFn: () => resendActivation(user.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: assignedUserKeys.one(user.id) });
      onNotice(ASSIGNED_USER_MESSAGES.activationSucceeded);
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: () => removeAssignedUser(user.id),
    onSuccess: async () => {
      navigate(backPath, { state: noticeState(ASSIGNED_USER_MESSAGES.removed, USER_ALERT_RESET_MS) });
      queryClient.removeQueries({ queryKey: assignedUserKeys.one(user.id) });
      await queryClient.invalidateQueries({ queryKey: assignedUserKeys.all });
    },
    onError,
  });

  const confirm = (title: string, content: string, action: () => Promise<unknown>) =>
    modal.confirm({ title, content, okText: 'Confirm', onOk: () => action().catch(() => undefined) });

  return (
    <Card title="Account" style={{ marginBottom: 16 }} data-testid="assigned-user-account">
      <Flex vertical gap={16}>
        <Space>
          <Typography.Text>Status:</Typography.Text>
          {user.registered ? <Tag color="green">activated</Tag> : <Tag color="orange">unactivated</Tag>}
        </Space>
        {user.activation_key === null ? null : (
          <div>
            <Typography.Text type="secondary">Activation link</Typography.Text>
            <ActivationLink
              activationKey={user.activation_key}
              onCopied={(text, ok) => onNotice(text, ok ? 'success' : 'error')}
            />
          </div>
        )}
        <Flex gap={12} wrap>
          {/* 2FA and activation belong to whoever holds the person's account (docs/permissions.md). */}
          {user.can_edit_profile ? (
            <>
              <Button
                onClick={() =>
                  confirm('Reset 2FA', "Remove this user's two-factor authentication?", () =>
                    resetTwoFactor.mutateAsync(),
                  )
                }
                loading={resetTwoFactor.isPending}
                data-testid="user-reset-2fa"
              >
                Reset 2FA
              </Button>
              {user.registered ? null : (
                <Button
                  onClick={() => resend.mutate()}
                  loading={resend.isPending}
                  data-testid="user-resend-activation"
                >
                  Send activation e-mail
                </Button>
              )}
            </>
          ) : null}
          <Button
            danger
            onClick={() =>
              confirm('Remove user', 'Please confirm you want to remove this user from the client', () =>
                remove.mutateAsync(),
              )
            }
            loading={remove.isPending}
            data-testid="user-remove"
          >
            REMOVE USER
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
