import { MailOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { COMMON_MESSAGES } from '@vigil/contracts';
import { Alert, Button, Form, Input } from 'antd';
import { requestPasswordReset } from '../../../api/accounts';
import { errorMessageOf } from '../../../api/api-error';
import { useTimedValue } from '../../../hooks/useTimedValue';
import { ALERT_RESET_MS, PASSWORD_RESET_MESSAGES, REGISTER_MESSAGES } from '../../../messages';

type ResetValues = { email: string };
type Answer = { type: 'success' | 'error'; text: string };

/** Forgot-password action: an e-mail field and RESET, disabled until an address is typed (A section 2). */
export function ForgotPassword() {
  const [form] = Form.useForm<ResetValues>();
  const email = Form.useWatch('email', form) ?? '';
  const answer = useTimedValue<Answer>(ALERT_RESET_MS);
  const reset = useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: (detail) => answer.show({ type: 'success', text: detail || PASSWORD_RESET_MESSAGES.linkSent }),
    onError: (error) =>
      answer.show({ type: 'error', text: errorMessageOf(error, COMMON_MESSAGES.unexpected) }),
  });

  const handleFinish = ({ email: address }: ResetValues) => {
    answer.clear();
    reset.mutate(address.trim());
  };

  return (
    <div className="forgot-password">
      {answer.value === null ? null : (
        <Alert
          type={answer.value.type}
          showIcon
          className="form-alert"
          title={answer.value.text}
          data-testid="reset-answer"
        />
      )}
      <Form<ResetValues> form={form} name="password-reset" layout="vertical" onFinish={handleFinish}>
        <Form.Item
          name="email"
          label="Enter the e-mail address of your account"
          rules={[{ type: 'email', message: REGISTER_MESSAGES.emailInvalid }]}
        >
          <Input prefix={<MailOutlined />} placeholder="Email Address" autoComplete="email" />
        </Form.Item>
        <Button htmlType="submit" block disabled={email.trim() === ''} loading={reset.isPending}>
          RESET
        </Button>
      </Form>
    </div>
  );
}
