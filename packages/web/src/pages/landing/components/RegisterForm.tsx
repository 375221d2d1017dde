import { BankOutlined, MailOutlined, UserOutlined } from '@ant-design/icons';
import { CAPTCHA_MESSAGES, REGISTER_MESSAGES } from '@vigil/contracts';
import { Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { registerForDemo, verifyCaptcha } from '../../../api/registration';
import { Captcha } from '../../../components/Captcha';
import { NoticeAlert } from '../../../components/NoticeAlert';
import { useNotice } from '../../../hooks/useNotice';
import { ALERT_RESET_MS } from '../../../messages';
import { registerFailureStatus } from './register-outcome';

type RegisterValues = { name: string; company: string; email: string };

/**
 * Demo registration tab (A sections 2, 5 and 8): REGISTER stays disabled until the captcha is solved and
 * while sending; the captcha is checked (verify-recaptcha/), then the registration sent with it.
 */
export function RegisterForm() {
  const [form] = Form.useForm<RegisterValues>();
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  // A captcha is good for one attempt: a new key mounts a fresh widget.
  const [captchaKey, setCaptchaKey] = useState(0);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const status = useNotice(ALERT_RESET_MS);

  const renewCaptcha = () => {
    setCaptchaToken(null);
    setCaptchaKey((key) => key + 1);
  };

  const handleFinish = async (values: RegisterValues) => {
    if (captchaToken === null) {
      status.show(REGISTER_MESSAGES.captchaRequired, 'error');
      return;
    }
    status.clear();
    setIsSubmitting(true);
    try {
      if (!(await verifyCaptcha(captchaToken))) {
        status.show(CAPTCHA_MESSAGES.failed, 'error');
        return;
      }
      const detail = await registerForDemo({ ...values, captcha: captchaToken });
      status.show(detail, 'success');
      form.resetFields();
    } catch (error) {
      const failure = registerFailureStatus(error);
      status.show(failure.text, failure.type);
    } finally {
      renewCaptcha();
      setIsSubmitting(false);
    }
  };

  return (
    <Form<RegisterValues>
      form={form}
      name="register"
      layout="vertical"
      requiredMark={false}
      onFinish={handleFinish}
      disabled={isSubmitting}
    >
      <Typography.Paragraph type="secondary">
        Ask for a demo account: we will e-mail you an activation link.
      </Typography.Paragraph>
      <NoticeAlert notice={status.notice} testId="register-status" />
      <Form.Item
        name="name"
        rules={[{ required: true, whitespace: true, message: REGISTER_MESSAGES.fullNameRequired }]}
      >
        <Input prefix={<UserOutlined />} placeholder="Full Name" aria-label="Full Name" autoComplete="name" />
      </Form.Item>
      <Form.Item
        name="company"
        rules={[{ required: true, whitespace: true, message: REGISTER_MESSAGES.companyRequired }]}
      >
        <Input
          prefix={<BankOutlined />}
          placeholder="Company Name"
          aria-label="Company Name"
          autoComplete="organization"
        />
      </Form.Item>
      <Form.Item
        name="email"
        rules={[
          { required: true, message: REGISTER_MESSAGES.emailRequired },
          { type: 'email', message: REGISTER_MESSAGES.emailInvalid },
        ]}
      >
        <Input
          prefix={<MailOutlined />}
          placeholder="Email Address"
          aria-label="Email Address"
          autoComplete="email"
        />
      </Form.Item>
      <Form.Item>
        <Captcha key={captchaKey} onChange={setCaptchaToken} />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        disabled={captchaToken === null || isSubmitting}
        loading={isSubmitting}
        data-testid="register-submit"
      >
        REGISTER
      </Button>
    </Form>
  );
}
