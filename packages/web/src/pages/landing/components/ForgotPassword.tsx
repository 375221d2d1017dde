import { MailOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { COMMON_MESSAGES } from '@vigil/contracts';
import { Button, Form, Input } from 'antd';
import { requestPasswordReset } from '../../../api/accounts';
import { errorMessageOf } from '../../../api/api-error';
import { NoticeAlert } from '../../../components/NoticeAlert';
import { useNotice } from '../../../hooks/useNotice';
import { ALERT_RESET_MS, PASSWORD_RESET_MESSAGES, REGISTER_MESSAGES } from '../../../messages';

type ResetValues = { email: string };
/** Forgot-password action: an e-mail field and RESET, disabled until an address is typed (A section 2). */
export function ForgotPassword() {
  const [form] = Form.useForm<ResetValues>();
  const email = Form.useWatch('email', form) ?? '';
  const answer = useNotice(ALERT_RESET_MS);
  const reset = useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: (detail) => answer.show(detail || PASSWORD_RESET_MESSAGES.linkSent, 'success'),
    onError: (error) => answer.show(errorMessageOf(error, COMMON_MESSAGES.unexpected), 'error'),
  });

  const handleFinish = ({ email: address }: ResetValues) => {
    answer.clear();
    reset.mutate(address.trim());
  };

  return (
    <div className="forgot-password">
      <NoticeAlert notice={answer.notice} testId="reset-answer" />
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
