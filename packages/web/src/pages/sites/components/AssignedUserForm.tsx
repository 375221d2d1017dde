import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ASSIGNED_USER_MESSAGES,
  type AssignedUserDetail,
  type LocationAccess,
  type Site,
} from '@vigil/contracts';
import { Button, Card, Col, Flex, Form, type FormInstance, Input, Row, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorMessageOf } from '../../../api/api-error';
import { listSites } from '../../../api/sites';
import { createAssignedUser, updateAssignedUser } from '../../../api/users';
import { useCurrentUser } from '../../../hooks/useCurrentUser';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { USER_ALERT_RESET_MS } from '../../../messages';
import { ASSIGNED_USERS_QUERY_KEY, SITES_QUERY_KEY } from '../queries';
import { changedAccess, managesClient, type SiteAccessState } from '../site-rules';
import { AssignedUserAccount } from './AssignedUserAccount';
import { NoticeAlert, type NoticeState, useNotice } from './Notice';
import { SiteAccessList } from './SiteAccessList';

type ProfileFields = { full_name: string; email: string; company: string; phone: string; address: string };
const PROFILE_FIELDS = ['full_name', 'email', 'company', 'phone', 'address'] as const;

type AssignedUserFormProps = { user?: AssignedUserDetail; fromSiteId?: number; backPath: string };

function initialAccess(user: AssignedUserDetail | undefined, fromSiteId: number | undefined) {
  const access = new Map<number, SiteAccessState>();
  for (const entry of user?.location_access ?? []) {
    access.set(entry.location_id, { has_access: entry.has_access, permission: entry.permission });
  }
  if (user === undefined && fromSiteId !== undefined) {
    access.set(fromSiteId, { has_access: true, permission: 'User' });
  }
  return access;
}

function profileOf(user: AssignedUserDetail): ProfileFields {
  return { full_name: user.full_name, email: user.email, ...user.profile };
}

/** Server messages of a 400 on the profile fields; false when there were none. */
function showProfileErrors(form: FormInstance<ProfileFields>, error: unknown): boolean {
  if (!(error instanceof ApiError)) {
    return false;
  }
  const fields = PROFILE_FIELDS.filter((name) => error.fields[name] !== undefined).map((name) => ({
    name,
    errors: error.fields[name] ?? [],
  }));
  form.setFields(fields);
  return fields.length > 0;
}

/** The Add User / Update User form: profile and per-site access (A sections 2 and 5). */
export function AssignedUserForm({ user, fromSiteId, backPath }: AssignedUserFormProps) {
  const me = useCurrentUser();
  const isEdit = user !== undefined;
  const title = isEdit ? 'Update User' : 'Add User';
  usePageTitle(title);
  const [form] = Form.useForm<ProfileFields>();
  const [access, setAccess] = useState(() => initialAccess(user, fromSiteId));
  const { notice, show } = useNotice();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sites = useQuery({
    queryKey: [...SITES_QUERY_KEY, 'list', 'title'],
    queryFn: ({ signal }) => listSites({ ordering: 'title' }, signal),
  });
  const siteList: Site[] = sites.data?.results ?? [];
  const editableIds = siteList.filter((site) => site.can_edit).map((site) => site.id);
  const canEditProfile = !isEdit || user.can_edit_profile;
  const showUserNotice = (text: string, type: 'success' | 'error' = 'success') =>
    show(text, type, USER_ALERT_RESET_MS);

  const save = useMutation({
    mutationFn: async (values: ProfileFields): Promise<string> => {
      if (!isEdit) {
        const granted = changedAccess([], access, editableIds).filter((entry) => entry.has_access);
        const created = await createAssignedUser({ ...values, location_access: granted });
        return created.detail;
      }
      const location_access: LocationAccess[] = changedAccess(user.location_access, access, editableIds);
      await updateAssignedUser(user.id, { ...(canEditProfile ? values : {}), location_access });
      return ASSIGNED_USER_MESSAGES.infoUpdated;
    },
    onSuccess: async (text) => {
      await queryClient.invalidateQueries({ queryKey: ASSIGNED_USERS_QUERY_KEY });
      const state: NoticeState = { notice: { text, type: 'success', durationMs: USER_ALERT_RESET_MS } };
      navigate(backPath, { state });
    },
    onError: (error) => {
      if (!showProfileErrors(form, error)) {
        showUserNotice(errorMessageOf(error, ASSIGNED_USER_MESSAGES.failed), 'error');
      }
    },
  });

  const handleFinish = (values: ProfileFields) => {
    const granted = [...access.entries()].some(
      ([siteId, state]) => state.has_access && editableIds.includes(siteId),
    );
    if (!isEdit && !granted) {
      showUserNotice(ASSIGNED_USER_MESSAGES.selectLocationFirst, 'error');
      return;
    }
    save.mutate(values);
  };

  return (
    <div className="page">
      <Typography.Title level={3} className="page-title" data-testid="assigned-user-title">
        {title}
      </Typography.Title>
      <NoticeAlert notice={notice} />
      <Card title="User" style={{ marginBottom: 16 }}>
        <Form<ProfileFields>
          form={form}
          name="assigned-user"
          layout="vertical"
          initialValues={user === undefined ? undefined : profileOf(user)}
          disabled={!canEditProfile || save.isPending}
          onFinish={handleFinish}
        >
          <ProfileInputs />
        </Form>
      </Card>
      <Card title="Sites" style={{ marginBottom: 16 }}>
        <SiteAccessList
          sites={siteList}
          value={access}
          loading={sites.isLoading}
          onChange={(siteId, state) => setAccess((current) => new Map(current).set(siteId, state))}
        />
      </Card>
      {isEdit && managesClient(me) && user.id !== me.id ? (
        <AssignedUserAccount user={user} backPath={backPath} onNotice={showUserNotice} />
      ) : null}
      <Flex justify="flex-end" gap={12} className="form-actions">
        <Button onClick={() => navigate(backPath)} data-testid="user-cancel">
          CANCEL
        </Button>
        <Button
          type="primary"
          loading={save.isPending}
          // A person's profile that the reader may not change is not validated (nor sent).
          onClick={() => (canEditProfile ? form.submit() : handleFinish(form.getFieldsValue()))}
          data-testid="user-save"
        >
          {isEdit ? 'UPDATE USER' : 'ADD USER'}
        </Button>
      </Flex>
    </div>
  );
}

function ProfileInputs() {
  const required = (message: string) => [{ required: true, whitespace: true, message }];
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item
          label="Full name"
          name="full_name"
          rules={required(ASSIGNED_USER_MESSAGES.fullNameRequired)}
        >
          <Input placeholder="Full name" aria-label="Full name" />
        </Form.Item>
        <Form.Item
          label="E-mail"
          name="email"
          rules={[
            ...required(ASSIGNED_USER_MESSAGES.emailRequired),
            { type: 'email', message: ASSIGNED_USER_MESSAGES.emailInvalid },
          ]}
        >
          <Input placeholder="E-mail" aria-label="E-mail" autoComplete="off" />
        </Form.Item>
        <Form.Item label="Company" name="company" rules={required(ASSIGNED_USER_MESSAGES.companyRequired)}>
          <Input placeholder="Company" aria-label="Company" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="Phone" name="phone" rules={required(ASSIGNED_USER_MESSAGES.phoneRequired)}>
          <Input placeholder="Phone" aria-label="Phone" />
        </Form.Item>
        <Form.Item label="Address" name="address" rules={required(ASSIGNED_USER_MESSAGES.addressRequired)}>
          <Input.TextArea rows={3} placeholder="Address" aria-label="Address" />
        </Form.Item>
      </Col>
    </Row>
  );
}
