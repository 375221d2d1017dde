import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ASSIGNED_USER_MESSAGES, COMMON_MESSAGES, type Me, REGISTER_MESSAGES } from '@vigil/contracts';
import { Button, Card, Form, Input } from 'antd';
import { meKeys } from '../../../api/accounts';
import { errorMessageOf } from '../../../api/api-error';
import { updateAssignedUser } from '../../../api/users';
import { NoticeAlert } from '../../../components/NoticeAlert';
import { useNotice } from '../../../hooks/useNotice';
import { USER_ALERT_RESET_MS } from '../../../messages';

type ProfileValues = { full_name: string; email: string; company: string; phone: string; address: string };
function profileOf(me: Me): ProfileValues {
  return {
    full_name: `${me.first_name} ${me.last_name}`.trim(),
    email: me.email,
    company: me.company,
    phone: me.phone,
    address: me.address,
  };
}

/** The signed-in user's own profile (A section 2 'User settings'), saved with PATCH users/{id}/. */
export function ProfileForm({ me }: { me: Me }) {
  const queryClient = useQueryClient();
  const status = useNotice(USER_ALERT_RESET_MS);
  const save = useMutation({
    mutationFn: (values: ProfileValues) => updateAssignedUser(me.id, values),
    onSuccess: async () => {
      status.show(ASSIGNED_USER_MESSAGES.infoUpdated, 'success');
      await queryClient.invalidateQueries({ queryKey: meKeys.all });
    },
    onError: (error) => status.show(errorMessageOf(error, COMMON_MESSAGES.unexpected), 'error'),
  });

  return (
    <Card title="Profile">
      <NoticeAlert notice={status.notice} testId="profile-status" />
      <Form<ProfileValues>
        name="profile"
        layout="vertical"
        requiredMark={false}
        initialValues={profileOf(me)}
        onFinish={(values) => save.mutate(values)}
        disabled={save.isPending}
      >
        <Form.Item
          name="full_name"
          label="Full name"
          rules={[{ required: true, whitespace: true, message: ASSIGNED_USER_MESSAGES.fullNameRequired }]}
        >
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item
          name="email"
          label="E-mail"
          rules={[
            { required: true, whitespace: true, message: REGISTER_MESSAGES.emailRequired },
            { type: 'email', message: REGISTER_MESSAGES.emailInvalid },
          ]}
        >
          <Input autoComplete="email" />
        </Form.Item>
        <Form.Item
          name="company"
          label="Company"
          rules={[{ max: 255, message: ASSIGNED_USER_MESSAGES.tooLong }]}
        >
          <Input autoComplete="organization" />
        </Form.Item>
        <Form.Item name="phone" label="Phone" rules={[{ max: 255, message: ASSIGNED_USER_MESSAGES.tooLong }]}>
          <Input autoComplete="tel" />
        </Form.Item>
        <Form.Item
          name="address"
          label="Address"
          rules={[{ max: 255, message: ASSIGNED_USER_MESSAGES.tooLong }]}
        >
          <Input.TextArea rows={6} autoComplete="street-address" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="profile-save">
          SAVE CHANGES
        </Button>
      </Form>
    </Card>
  );
}
