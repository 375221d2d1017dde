import { LockOutlined } from '@ant-design/icons';
import { Button, Form, type FormProps, Input } from 'antd';
import { passwordProblem } from '../auth/password-rules';
import { PASSWORD_MESSAGES } from '../messages';

export type NewPassword = { password: string; confirmation: string };

type SetPasswordFormProps = {
  submitLabel: string;
  isSubmitting?: boolean;
  onSubmit: (values: NewPassword) => void;
  /** Called when the fields fail their rules (the pages show 'Fields cannot be empty!!' for 6 s). */
  onFinishFailed?: FormProps<NewPassword>['onFinishFailed'];
};

/** New password and its confirmation with the rules of A section 5 (activation and password reset). */
export function SetPasswordForm({
  submitLabel,
  isSubmitting = false,
  onSubmit,
  onFinishFailed,
}: SetPasswordFormProps) {
  return (
    <Form<NewPassword>
      layout="vertical"
      requiredMark={false}
      onFinish={onSubmit}
      onFinishFailed={onFinishFailed}
      disabled={isSubmitting}
    >
      <Form.Item
        name="password"
        label="New password"
        rules={[
          { required: true, message: PASSWORD_MESSAGES.fieldsEmpty },
          {
            validator: (_rule, value: string | undefined) => {
              const problem = value ? passwordProblem(value) : null;
              return problem === null ? Promise.resolve() : Promise.reject(new Error(problem));
            },
          },
        ]}
        hasFeedback
      >
        <Input.Password prefix={<LockOutlined />} placeholder="New password" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmation"
        label="Confirm password"
        dependencies={['password']}
        rules={[
          { required: true, message: PASSWORD_MESSAGES.fieldsEmpty },
          ({ getFieldValue }) => ({
            validator: (_rule, value: string | undefined) =>
              !value || getFieldValue('password') === value
                ? Promise.resolve()
                : Promise.reject(new Error(PASSWORD_MESSAGES.mismatch)),
          }),
        ]}
        hasFeedback
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder="Confirm password"
          autoComplete="new-password"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={isSubmitting}>
        {submitLabel}
      </Button>
    </Form>
  );
}
