import { LockOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { COMMON_MESSAGES, PASSWORD_MESSAGES } from '@vigil/contracts';
import { Button, Card, Form, Input } from 'antd';
import { errorMessageOf } from '../../../api/api-error';
import { changePassword } from '../../../api/password';
import { passwordProblem } from '../../../auth/password-rules';
import { NoticeAlert } from '../../../components/NoticeAlert';
import { useNotice } from '../../../hooks/useNotice';
import { USER_ALERT_RESET_MS } from '../../../messages';

type PasswordValues = { old_password: string; new_password1: string; new_password2: string };
/** Password change of the user settings (A sections 2 and 5): old, new and confirmation. */
export function ChangePasswordForm() {
  const [form] = Form.useForm<PasswordValues>();
  const status = useNotice(USER_ALERT_RESET_MS);
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: (detail) => {
      status.show(detail || PASSWORD_MESSAGES.saved, 'success');
      form.resetFields();
    },
    onError: (error) => status.show(errorMessageOf(error, COMMON_MESSAGES.unexpected), 'error'),
  });

  return (
    <Card title="Change Password">
      <NoticeAlert notice={status.notice} testId="password-status" />
      <Form<PasswordValues>
        form={form}
        name="change-password"
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => change.mutate(values)}
        disabled={change.isPending}
      >
        <Form.Item
          name="old_password"
          label="Old password"
          rules={[{ required: true, message: PASSWORD_MESSAGES.fieldsEmpty }]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="new_password1"
          label="New password"
          hasFeedback
          rules={[
            { required: true, message: PASSWORD_MESSAGES.fieldsEmpty },
            {
              validator: (_rule, value: string | undefined) => {
                const problem = value ? passwordProblem(value) : null;
                return problem === null ? Promise.resolve() : Promise.reject(new Error(problem));
              },
            },
          ]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="new_password2"
          label="Confirm new password"
          dependencies={['new_password1']}
          hasFeedback
          rules={[
            { required: true, message: PASSWORD_MESSAGES.fieldsEmpty },
            ({ getFieldValue }) => ({
              validator: (_rule, value: string | undefined) =>
                !value || getFieldValue('new_password1') === value
                  ? Promise.resolve()
                  : Promise.reject(new Error(PASSWORD_MESSAGES.mismatch)),
            }),
          ]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="password-save">
          CHANGE PASSWORD
        </Button>
      </Form>
    </Card>
  );
}
