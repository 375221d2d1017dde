import { CLIENT_MESSAGES, CLIENT_TEXT_MAX_LENGTH } from '@vigil/contracts';
import {
  Col,
  Divider,
  Flex,
  Form,
  type FormInstance,
  type FormRule,
  Input,
  InputNumber,
  Row,
  Switch,
} from 'antd';
import type { ReactNode } from 'react';
import { FormActions } from '../../../components/FormActions';
import type { ClientFormValues } from '../client-form-values';

type ClientFormProps = {
  form: FormInstance<ClientFormValues>;
  initialValues: ClientFormValues;
  isEditing: boolean;
  isSubmitting: boolean;
  onSubmit: (values: ClientFormValues) => void;
  onCancel: () => void;
  onRemove?: () => void;
};

const tooLong: FormRule = { max: CLIENT_TEXT_MAX_LENGTH, message: CLIENT_MESSAGES.tooLong };

function required(message: string): FormRule[] {
  return [{ required: true, whitespace: true, message }, tooLong];
}

const emailRule: FormRule = { type: 'email', message: CLIENT_MESSAGES.emailInvalid };

function Field({ children }: { children: ReactNode }) {
  return (
    <Col xs={24} md={12}>
      {children}
    </Col>
  );
}

/** Add/edit client form with the messages of A section 5. */
export function ClientForm(props: ClientFormProps) {
  const { form, initialValues, isEditing, isSubmitting, onSubmit, onCancel, onRemove } = props;
  return (
    <Form<ClientFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={onSubmit}
      disabled={isSubmitting}
      name="client"
    >
      <Row gutter={24}>
        <Field>
          <Form.Item
            name="number"
            label="Account number"
            rules={[{ required: true, message: CLIENT_MESSAGES.numberRequired }]}
          >
            <InputNumber min={1} precision={0} style={{ width: '100%' }} aria-label="Account number" />
          </Form.Item>
        </Field>
        <Field>
          <Form.Item name="company" label="Company" rules={required(CLIENT_MESSAGES.companyRequired)}>
            <Input autoComplete="organization" />
          </Form.Item>
        </Field>
        <Field>
          <Form.Item name="full_name" label="Full name" rules={required(CLIENT_MESSAGES.fullNameRequired)}>
            <Input autoComplete="name" />
          </Form.Item>
        </Field>
        <Field>
          <Form.Item
            name="email"
            label="Email Address"
            rules={[...required(CLIENT_MESSAGES.emailRequired), emailRule]}
            extra="The person with this e-mail administers the client."
          >
            <Input autoComplete="email" />
          </Form.Item>
        </Field>
        <Field>
          <Form.Item name="phone" label="Phone number" rules={required(CLIENT_MESSAGES.phoneRequired)}>
            <Input autoComplete="tel" />
          </Form.Item>
        </Field>
        <Field>
          <Form.Item name="address" label="Address" rules={required(CLIENT_MESSAGES.addressRequired)}>
            <Input.TextArea rows={6} autoComplete="street-address" />
          </Form.Item>
        </Field>
      </Row>
      <Divider titlePlacement="start">Alternative contact</Divider>
      <Row gutter={24}>
        <Col xs={24} md={8}>
          <Form.Item name="alternative_name" label="Alternative name" rules={[tooLong]}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="alternative_email" label="Alternative email" rules={[emailRule, tooLong]}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="alternative_phone" label="Alternative phone" rules={[tooLong]}>
            <Input />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">Settings</Divider>
      <Flex gap={32} wrap>
        <Form.Item name="is_active" label="Active" valuePropName="checked">
          <Switch aria-label="Active" />
        </Form.Item>
        <Form.Item name="is_2fa_required" label="Require two-factor authentication" valuePropName="checked">
          <Switch aria-label="Require two-factor authentication" />
        </Form.Item>
        <Form.Item name="visual_dashboard_enabled" label="Visual dashboard" valuePropName="checked">
          <Switch aria-label="Visual dashboard" />
        </Form.Item>
      </Flex>
      <FormActions
        align="start"
        cancel={{ onClick: onCancel }}
        save={{
          label: isEditing ? 'SAVE CHANGES' : 'ADD CLIENT',
          isPending: isSubmitting,
          testId: 'client-submit',
        }}
        remove={
          onRemove === undefined
            ? undefined
            : { label: 'REMOVE CLIENT', onClick: onRemove, testId: 'client-remove' }
        }
      />
    </Form>
  );
}
