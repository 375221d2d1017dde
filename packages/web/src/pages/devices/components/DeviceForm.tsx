import {
  DEVICE_MESSAGES,
  DEVICE_TEXT_MAX_LENGTH,
  DEVICE_TYPE_LABELS,
  DEVICE_TYPES,
  type Device,
  type DeviceType,
  type Site,
  UDF_ID_MAX_LENGTH,
} from '@vigil/contracts';
import { Col, Form, type FormInstance, Input, Row, Select } from 'antd';
import { useEffect } from 'react';
import { ApiError } from '../../../api/api-error';
import type { DeviceChanges } from '../../../api/devices';
import { showsIpAddress, showsUdfId } from '../device-rules';

/** '' stands for 'not emulated' in the select; the API takes null. */
const NOT_EMULATED = '';

export type DeviceFormFields = {
  location?: number;
  title?: string;
  serial_number?: string;
  code?: string;
  device_type?: DeviceType;
  ip_address?: string;
  udf_id?: string;
  is_emulated_as?: DeviceType | typeof NOT_EMULATED;
};

const DEVICE_FIELDS = [
  'location',
  'title',
  'serial_number',
  'code',
  'device_type',
  'ip_address',
  'udf_id',
] as const;

/** The form's values as the device calls take them; hidden fields are not sent. */
export function toDeviceBody(values: DeviceFormFields, withEmulation: boolean): DeviceChanges {
  const type = values.device_type;
  return {
    location: values.location,
    title: values.title ?? '',
    serial_number: values.serial_number ?? '',
    code: values.code ?? '',
    device_type: type,
    ip_address: showsIpAddress(type) ? (values.ip_address ?? '') : '',
    ...(showsUdfId(type) && values.udf_id ? { udf_id: values.udf_id } : {}),
    ...(withEmulation ? { is_emulated_as: values.is_emulated_as ? values.is_emulated_as : null } : {}),
  };
}

export function deviceFormValues(device: Device): DeviceFormFields {
  return {
    location: device.location,
    title: device.title,
    serial_number: device.serial_number,
    code: device.code,
    device_type: device.device_type,
    ip_address: device.ip_address,
    udf_id: device.udf_id,
    is_emulated_as: device.is_emulated_as ?? NOT_EMULATED,
  };
}

/** Puts the server's per-field messages of a 400 on the fields; answers whether it did. */
export function showDeviceFieldErrors(form: FormInstance<DeviceFormFields>, error: unknown): boolean {
  if (!(error instanceof ApiError)) {
    return false;
  }
  const fields = DEVICE_FIELDS.filter((name) => error.fields[name] !== undefined).map((name) => ({
    name,
    errors: error.fields[name] ?? [],
  }));
  form.setFields(fields);
  return fields.length > 0;
}

const TYPE_OPTIONS = DEVICE_TYPES.map((type) => ({ value: type, label: DEVICE_TYPE_LABELS[type] }));
const EMULATION_OPTIONS = [{ value: NOT_EMULATED, label: 'None' }, ...TYPE_OPTIONS];
const lengthRule = { max: DEVICE_TEXT_MAX_LENGTH, message: DEVICE_MESSAGES.tooLong };

type DeviceFormProps = {
  form: FormInstance<DeviceFormFields>;
  sites: Site[];
  initialValues?: DeviceFormFields;
  isEditing: boolean;
  showEmulation: boolean;
  disabled?: boolean;
  onFinish: (values: DeviceFormFields) => void;
};

/** The device fields of A sections 3 and 5, with udf_id and ip_address only for the types that have them. */
export function DeviceForm({
  form,
  sites,
  initialValues,
  isEditing,
  showEmulation,
  disabled,
  onFinish,
}: DeviceFormProps) {
  const type = Form.useWatch('device_type', form);
  useEffect(() => {
    if (initialValues !== undefined) {
      form.setFieldsValue(initialValues);
    }
  }, [form, initialValues]);

  return (
    <Form<DeviceFormFields>
      form={form}
      name="device"
      layout="vertical"
      onFinish={onFinish}
      disabled={disabled}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="location"
            label="Location"
            rules={[{ required: true, message: DEVICE_MESSAGES.locationRequired }]}
          >
            <Select
              placeholder="Select a location"
              options={sites.map((site) => ({ value: site.id, label: site.title }))}
              showSearch={{ optionFilterProp: 'label' }}
              data-testid="device-location"
            />
          </Form.Item>
          <Form.Item
            name="title"
            label="Title"
            rules={[{ required: true, whitespace: true, message: DEVICE_MESSAGES.titleRequired }, lengthRule]}
          >
            <Input placeholder="Title" data-testid="device-title" />
          </Form.Item>
          <Form.Item
            name="serial_number"
            label="Serial number"
            rules={[
              { required: true, whitespace: true, message: DEVICE_MESSAGES.serialRequired },
              lengthRule,
            ]}
          >
            <Input placeholder="Serial number" autoComplete="off" data-testid="device-serial" />
          </Form.Item>
          <Form.Item
            name="code"
            label="Code"
            rules={[{ required: true, whitespace: true, message: DEVICE_MESSAGES.codeRequired }, lengthRule]}
          >
            <Input.Password placeholder="Code" autoComplete="new-password" data-testid="device-code" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="device_type"
            label="Device type"
            rules={[{ required: true, message: DEVICE_MESSAGES.typeRequired }]}
          >
            <Select placeholder="Select a type" options={TYPE_OPTIONS} data-testid="device-type" />
          </Form.Item>
          {showsIpAddress(type) ? (
            <Form.Item name="ip_address" label="IP address" rules={[lengthRule]}>
              <Input placeholder="IP address" data-testid="device-ip" />
            </Form.Item>
          ) : null}
          {showsUdfId(type) ? (
            <Form.Item
              name="udf_id"
              label="UDF ID"
              extra={
                isEditing ? 'Set by the hardware unit.' : 'Taken from the hardware unit when left empty.'
              }
              rules={[{ max: UDF_ID_MAX_LENGTH, message: DEVICE_MESSAGES.udfIdTooLong }]}
            >
              <Input placeholder="UDF ID" readOnly={isEditing} data-testid="device-udf-id" />
            </Form.Item>
          ) : null}
          {showEmulation ? (
            <Form.Item name="is_emulated_as" label="Is emulated as">
              <Select options={EMULATION_OPTIONS} data-testid="device-emulated-as" />
            </Form.Item>
          ) : null}
        </Col>
      </Row>
    </Form>
  );
}
