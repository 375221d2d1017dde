import { ASSIGNED_USER_MESSAGES, type AssignedUserDetail } from '@vigil/contracts';
import { Card, Col, Form, Input, Row, Typography } from 'antd';
import { FormActions } from '../../../components/FormActions';
import { NoticeAlert } from '../../../components/NoticeAlert';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { type ProfileFields, profileOf, useAssignedUserForm } from '../useAssignedUserForm';
import { AssignedUserAccount } from './AssignedUserAccount';
import { SiteAccessList } from './SiteAccessList';

type AssignedUserFormProps = { user?: AssignedUserDetail; fromSiteId?: number; backPath: string };

/** The Add User / Update User form: profile and per-site access (A sections 2 and 5). */
export function AssignedUserForm({ user, fromSiteId, backPath }: AssignedUserFormProps) {
  const page = useAssignedUserForm({ user, fromSiteId, backPath });
  const title = page.isEdit ? 'Update User' : 'Add User';
  usePageTitle(title);

  return (
    <div className="page">
      <Typography.Title level={3} className="page-title" data-testid="assigned-user-title">
        {title}
      </Typography.Title>
      <NoticeAlert notice={page.notice} testId="sites-alert" />
      <Card title="User" style={{ marginBottom: 16 }}>
        <Form<ProfileFields>
          form={page.form}
          name="assigned-user"
          layout="vertical"
          initialValues={user === undefined ? undefined : profileOf(user)}
          disabled={!page.canEditProfile || page.save.isPending}
          onFinish={page.handleFinish}
        >
          <ProfileInputs />
        </Form>
      </Card>
      <Card title="Sites" style={{ marginBottom: 16 }}>
        <SiteAccessList
          sites={page.siteList}
          value={page.access}
          loading={page.sites.isLoading}
          onChange={page.changeAccess}
        />
      </Card>
      {page.showsAccount && user !== undefined ? (
        <AssignedUserAccount user={user} backPath={backPath} onNotice={page.showNotice} />
      ) : null}
      <FormActions
        cancel={{ onClick: page.cancel, testId: 'user-cancel' }}
        save={{
          label: page.isEdit ? 'UPDATE USER' : 'ADD USER',
          isPending: page.save.isPending,
          onClick: page.submit,
          testId: 'user-save',
        }}
      />
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
