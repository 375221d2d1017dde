import { SafetyOutlined } from '@ant-design/icons';
import { TWO_FACTOR_MESSAGES } from '@vigil/contracts';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { errorMessageOf } from '../../../api/api-error';
import { verifyTwoFactor } from '../../../api/two-factor';
import { NoticeAlert } from '../../../components/NoticeAlert';
import { useNotice } from '../../../hooks/useNotice';
import { ALERT_RESET_MS } from '../../../messages';
import { normalizeCode } from '../code-format';

type CodeFormProps = {
  /** Called with the server's message once the code is accepted. */
  onVerified: (detail: string) => Promise<void> | void;
  isDisabled?: boolean;
};

/** Field Code and the Verify 2FA button (A section 2 'Security screens'). */
export function CodeForm({ onVerified, isDisabled = false }: CodeFormProps) {
  const [form] = Form.useForm<{ token: string }>();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const failure = useNotice(ALERT_RESET_MS);

  const handleFinish = async ({ token }: { token: string }) => {
    failure.clear();
    setIsSubmitting(true);
    try {
      const detail = await verifyTwoFactor(token);
      await onVerified(detail);
    } catch (error) {
      failure.show(errorMessageOf(error, TWO_FACTOR_MESSAGES.verificationFailed), 'error');
      form.resetFields();
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={handleFinish} disabled={isDisabled}>
      <NoticeAlert notice={failure.notice} testId="verify-error" />
      <Form.Item
        name="token"
        label="Code"
        normalize={normalizeCode}
        rules={[{ required: true, message: TWO_FACTOR_MESSAGES.tokenRequired }]}
      >
        <Input
          prefix={<SafetyOutlined />}
          placeholder="123456"
          inputMode="numeric"
          autoComplete="one-time-code"
          size="large"
          aria-label="Code"
          style={{ maxWidth: 240, letterSpacing: 4 }}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={isSubmitting} data-testid="verify-2fa">
        Verify 2FA
      </Button>
    </Form>
  );
}
