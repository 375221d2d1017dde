import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { LOGIN_MESSAGES, type LoginRequest, LoginRequestSchema } from '@vigil/contracts';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { errorMessageOf } from '../../../api/api-error';
import { NoticeAlert } from '../../../components/NoticeAlert';
import { useAuth } from '../../../hooks/useAuth';
import { useNotice } from '../../../hooks/useNotice';
import { LOGIN_ALERT_RESET_MS } from '../../../messages';
import { ForgotPassword } from './ForgotPassword';

/** Login tab (A sections 2 and 5); a failed login shows an alert that resets after 10 s (A section 4). */
export function LoginForm() {
  const { login } = useAuth();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [isResetOpen, setIsResetOpen] = useState(false);
  const loginError = useNotice(LOGIN_ALERT_RESET_MS);

  const handleFinish = async (values: LoginRequest) => {
    loginError.clear();
    setIsSubmitting(true);
    try {
      await login(LoginRequestSchema.parse(values));
    } catch (error) {
      loginError.show(errorMessageOf(error, LOGIN_MESSAGES.wrongCredentials), 'error');
      setIsSubmitting(false);
    }
  };

  return (
    <div>
      <NoticeAlert notice={loginError.notice} testId="login-error" />
      <Form<LoginRequest> name="login" layout="vertical" requiredMark={false} onFinish={handleFinish}>
        <Form.Item
          name="username"
          rules={[{ required: true, whitespace: true, message: LOGIN_MESSAGES.usernameRequired }]}
        >
          <Input
            prefix={<UserOutlined />}
            placeholder="Email Or Username"
            aria-label="Email Or Username"
            autoComplete="username"
            size="large"
          />
        </Form.Item>
        <Form.Item name="password" rules={[{ required: true, message: LOGIN_MESSAGES.passwordRequired }]}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder="Password"
            aria-label="Password"
            autoComplete="current-password"
            size="large"
          />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          loading={isSubmitting}
          data-testid="login-submit"
        >
          LOGIN
        </Button>
      </Form>
      <Button
        type="link"
        className="forgot-link"
        aria-expanded={isResetOpen}
        onClick={() => setIsResetOpen((isOpen) => !isOpen)}
      >
        Forgot password?
      </Button>
      {isResetOpen ? <ForgotPassword /> : null}
    </div>
  );
}
