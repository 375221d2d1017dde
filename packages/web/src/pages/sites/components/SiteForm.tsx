import { useQuery } from '@tanstack/react-query';
import {
  PROOF_TEST_INTERVAL_DEFAULT_DAYS,
  PROOF_TEST_INTERVAL_MAX_DAYS,
  PROOF_TEST_MESSAGES,
  SITE_MESSAGES,
  SITE_TEXT_MAX_LENGTH,
  type Site,
  type SiteFormValues,
} from '@vigil/contracts';
import { Col, Form, type FormInstance, Input, InputNumber, Row, Select } from 'antd';
import { useEffect } from 'react';
import { ApiError } from '../../../api/api-error';
import { timezonesQuery } from '../../../api/sites';

export type SiteFormFields = {
  title: string;
  address: string;
  full_name?: string;
  email?: string;
  mobile?: string;
  timezone?: string;
  proof_test_interval_days?: number | null;
};

const SITE_FIELDS = [
  'title',
  'address',
  'full_name',
  'email',
  'mobile',
  'timezone',
  'proof_test_interval_days',
] as const;

/** The form's values as the site calls take them. */
export function toSiteBody(values: SiteFormFields): SiteFormValues {
  return {
    title: values.title,
    address: values.address,
    full_name: values.full_name ?? '',
    email: values.email ?? '',
    mobile: values.mobile ?? '',
    timezone: values.timezone ?? '',
    proof_test_interval_days: values.proof_test_interval_days ?? PROOF_TEST_INTERVAL_DEFAULT_DAYS,
  };
}

export function siteFormValues(site: Site): SiteFormFields {
  return {
    title: site.title,
    address: site.address,
    full_name: site.full_name,
    email: site.email,
    mobile: site.mobile,
    timezone: site.timezone,
    proof_test_interval_days: site.proof_test_interval_days,
  };
}

/**
 * Puts the server's per-field messages of a 400 on the form's fields; answers whether it did, so the
 * caller shows any other error as an alert.
 */
export function showSiteFieldErrors(form: FormInstance<SiteFormFields>, error: unknown): boolean {
  if (!(error instanceof ApiError)) {
    return false;
  }
  const fields = SITE_FIELDS.filter((name) => error.fields[name] !== undefined).map((name) => ({
    name,
    errors: error.fields[name] ?? [],
  }));
  form.setFields(fields);
  return fields.length > 0;
}

const lengthRule = { max: SITE_TEXT_MAX_LENGTH, message: SITE_MESSAGES.tooLong };

type SiteFormProps = {
  form: FormInstance<SiteFormFields>;
  initialValues?: SiteFormFields;
  disabled?: boolean;
  onFinish: (values: SiteFormFields) => void;
};

/** The site fields of A sections 3 and 5: title, address (6 rows), contact and a searchable timezone. */
export function SiteForm({ form, initialValues, disabled, onFinish }: SiteFormProps) {
  const timezones = useQuery(timezonesQuery());
  useEffect(() => {
    if (initialValues !== undefined) {
      form.setFieldsValue(initialValues);
    }
  }, [form, initialValues]);

  return (
    <Form<SiteFormFields>
      form={form}
      name="site"
      layout="vertical"
      onFinish={onFinish}
      disabled={disabled}
      initialValues={initialValues}
      data-testid="site-form"
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            label="Title"
            name="title"
            rules={[{ required: true, whitespace: true, message: SITE_MESSAGES.titleRequired }, lengthRule]}
          >
            <Input placeholder="Title" aria-label="Title" />
          </Form.Item>
          <Form.Item
            label="Address"
            name="address"
            rules={[{ required: true, whitespace: true, message: SITE_MESSAGES.addressRequired }, lengthRule]}
          >
            <Input.TextArea rows={6} placeholder="Address" aria-label="Address" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Full name" name="full_name" rules={[lengthRule]}>
            <Input placeholder="Full name" aria-label="Full name" />
          </Form.Item>
          <Form.Item
            label="Email"
            name="email"
            rules={[{ type: 'email', message: SITE_MESSAGES.emailInvalid }]}
          >
            <Input placeholder="Email" aria-label="Email" />
          </Form.Item>
          <Form.Item label="Mobile" name="mobile" rules={[lengthRule]}>
            <Input placeholder="Mobile" aria-label="Mobile" />
          </Form.Item>
          <Form.Item
            label="Timezone"
            name="timezone"
            rules={[{ required: true, message: SITE_MESSAGES.timezoneRequired }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Select a timezone"
              aria-label="Timezone"
              loading={timezones.isLoading}
              options={(timezones.data ?? []).map((zone) => ({ value: zone, label: zone }))}
              data-testid="site-timezone"
            />
          </Form.Item>
          <Form.Item
            label="Proof-test interval (days)"
            name="proof_test_interval_days"
            tooltip="How often every alarm sensor of the site must pass a maintenance test"
            initialValue={PROOF_TEST_INTERVAL_DEFAULT_DAYS}
            rules={[
              {
                type: 'integer',
                min: 1,
                max: PROOF_TEST_INTERVAL_MAX_DAYS,
                message: PROOF_TEST_MESSAGES.intervalInvalid,
              },
            ]}
          >
            <InputNumber aria-label="Proof-test interval (days)" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
