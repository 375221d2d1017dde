import { BankOutlined, MailOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { CaptchaPlaceholder } from '../../../components/CaptchaPlaceholder';
import { REGISTER_MESSAGES } from '../../../messages';

type RegisterValues = { name: string; company: string; email: string };

/** Demo registration tab (A sections 2 and 5); REGISTER stays disabled until the captcha is solved. */
export function RegisterForm() {
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);

  return (
    <Form<RegisterValues> name="register" layout="vertical" requiredMark={false}>
      <Typography.Paragraph type="secondary">
        Ask for a demo account: we will e-mail you an activation link.
      </Typography.Paragraph>
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
        <CaptchaPlaceholder onSolved={setCaptchaToken} />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block disabled={captchaToken === null}>
        REGISTER
      </Button>
    </Form>
  );
}
