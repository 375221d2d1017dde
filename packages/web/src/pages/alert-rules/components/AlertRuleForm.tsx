import {
  ALERT_CONTACT_WHEN,
  ALERT_CONTACT_WHEN_LABELS,
  ALERT_DELIVERY_METHODS,
  ALERT_EVENT_TYPE_LABELS,
  ALERT_EVENT_TYPES,
  ALERT_RULE_CONTACT_MAX_LENGTH,
  ALERT_RULE_MAX_NUMBER_PER_HOUR,
  ALERT_RULE_MAX_X,
  ALERT_RULE_MESSAGES,
} from '@vigil/contracts';
import { Col, Form, type FormInstance, type FormRule, Input, InputNumber, Row, Select, Switch } from 'antd';
import { FormActions } from '../../../components/FormActions';
import {
  type AlertRuleFormValues,
  formProblemOf,
  numberPerHourProblem,
  offersSmartNotify,
  offersWaiting,
  xUnitOf,
} from '../alert-rule-form-values';
import { type RuleDeviceOption, RuleDevicesSelect } from './RuleDevicesSelect';

type AlertRuleFormProps = {
  form: FormInstance<AlertRuleFormValues>;
  initialValues: AlertRuleFormValues;
  knownDevices: RuleDeviceOption[];
  isEditing: boolean;
  isSubmitting: boolean;
  onSubmit: (values: AlertRuleFormValues) => void;
  onCancel: () => void;
  onRemove?: () => void;
};

/** An antd rule from one of the form's cross-field checks (contracts' alertRuleProblems). */
function crossRule(check: (values: AlertRuleFormValues) => string | null): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const message = check(getFieldsValue(true) as AlertRuleFormValues);
      if (message !== null) {
        throw new Error(message);
      }
    },
  });
}

/** The e-mail alert rule form with the messages of A section 5. */
export function AlertRuleForm(props: AlertRuleFormProps) {
  const { form, initialValues, knownDevices, isEditing, isSubmitting, onSubmit, onCancel, onRemove } = props;
  const eventType = Form.useWatch('event_type', form) ?? initialValues.event_type;
  const contactWhen = Form.useWatch('contact_when', form) ?? initialValues.contact_when;
  const sendToAlternative = Form.useWatch('send_to_alternative', form) ?? initialValues.send_to_alternative;
  const allDevices = Form.useWatch('all_devices', form) ?? initialValues.all_devices;
  const smartNotify = Form.useWatch('smart_notify', form) ?? initialValues.smart_notify;
  const unit = xUnitOf(contactWhen);

  // An event that does not last cannot wait or repeat, and Smart Notify is for alarm and warning only.
  const handleValuesChange = (changed: Partial<AlertRuleFormValues>) => {
    if (changed.event_type !== undefined) {
      if (!offersWaiting(changed.event_type)) {
        form.setFieldValue('contact_when', 0);
      }
      if (!offersSmartNotify(changed.event_type)) {
        form.setFieldValue('smart_notify', false);
      }
    }
    if (changed.smart_notify === true && !(Number(form.getFieldValue('number_per_hour')) > 0)) {
      form.setFieldValue('number_per_hour', 1);
    }
  };

  return (
    <Form<AlertRuleFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={onSubmit}
      onValuesChange={handleValuesChange}
      disabled={isSubmitting}
      name="alert-rule"
    >
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form.Item
            name="delivery_method"
            label="Delivery method"
            rules={[{ required: true, message: ALERT_RULE_MESSAGES.deliveryMethodRequired }]}
          >
            <Select
              aria-label="Delivery method"
              options={ALERT_DELIVERY_METHODS.map((method) => ({ value: method, label: method }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="event_type"
            label="Event type"
            rules={[{ required: true, message: ALERT_RULE_MESSAGES.typeRequired }]}
          >
            <Select
              aria-label="Event type"
              data-testid="alert-rule-event-type"
              options={ALERT_EVENT_TYPES.map((type) => ({
                value: type,
                label: ALERT_EVENT_TYPE_LABELS[type],
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="send_to_alternative" label="Send to alternative contact" valuePropName="checked">
            <Switch aria-label="Send to alternative contact" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="alternative_contact"
            label="Alternative contact"
            dependencies={['send_to_alternative']}
            hidden={!sendToAlternative}
            rules={
              sendToAlternative
                ? [
                    crossRule((values) => formProblemOf(values, 'alternative_contact')),
                    { type: 'email', message: ALERT_RULE_MESSAGES.alternativeContactInvalid },
                    { max: ALERT_RULE_CONTACT_MAX_LENGTH, message: ALERT_RULE_MESSAGES.contactTooLong },
                  ]
                : []
            }
          >
            <Input autoComplete="email" placeholder="name@example.com" />
          </Form.Item>
        </Col>
        <Col xs={24} md={unit === null ? 24 : 16}>
          <Form.Item
            name="contact_when"
            label="Contact when"
            dependencies={['event_type']}
            rules={[
              { required: true, message: ALERT_RULE_MESSAGES.typeRequired },
              crossRule((values) => formProblemOf(values, 'contact_when')),
            ]}
          >
            <Select
              aria-label="Contact when"
              data-testid="alert-rule-contact-when"
              options={ALERT_CONTACT_WHEN.map((value) => ({
                value,
                label: ALERT_CONTACT_WHEN_LABELS[value],
                disabled: value !== 0 && !offersWaiting(eventType),
              }))}
            />
          </Form.Item>
        </Col>
        {unit === null ? null : (
          <Col xs={24} md={8}>
            <Form.Item
              name="x"
              label="X"
              rules={[
                { required: true, message: ALERT_RULE_MESSAGES.xMin },
                { type: 'integer', min: 1, message: ALERT_RULE_MESSAGES.xMin },
                { type: 'integer', max: ALERT_RULE_MAX_X, message: ALERT_RULE_MESSAGES.xMax },
              ]}
            >
              <InputNumber
                min={1}
                max={ALERT_RULE_MAX_X}
                precision={0}
                suffix={unit}
                style={{ width: '100%' }}
                aria-label="X"
                data-testid="alert-rule-x"
              />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={6}>
          <Form.Item name="all_devices" label="All Devices" valuePropName="checked">
            <Switch aria-label="All Devices" data-testid="alert-rule-all-devices" />
          </Form.Item>
        </Col>
        <Col xs={24} md={18}>
          <Form.Item
            name="devices"
            label="Devices"
            dependencies={['all_devices']}
            rules={[crossRule((values) => formProblemOf(values, 'devices'))]}
          >
            <RuleDevicesSelect knownDevices={knownDevices} disabled={allDevices} />
          </Form.Item>
        </Col>
        {offersSmartNotify(eventType) ? (
          <>
            <Col xs={24} md={6}>
              <Form.Item
                name="smart_notify"
                label="Smart Notify"
                valuePropName="checked"
                tooltip="At most this many e-mails an hour per sensor"
              >
                <Switch aria-label="Smart Notify" data-testid="alert-rule-smart-notify" />
              </Form.Item>
            </Col>
            <Col xs={24} md={18}>
              <Form.Item
                name="number_per_hour"
                label="E-mails per hour"
                hidden={!smartNotify}
                dependencies={['smart_notify']}
                rules={[
                  { type: 'integer', min: 0, message: ALERT_RULE_MESSAGES.numberPerHourMin },
                  {
                    type: 'integer',
                    max: ALERT_RULE_MAX_NUMBER_PER_HOUR,
                    message: ALERT_RULE_MESSAGES.numberPerHourMax,
                  },
                  crossRule(numberPerHourProblem),
                ]}
              >
                <InputNumber
                  min={0}
                  max={ALERT_RULE_MAX_NUMBER_PER_HOUR}
                  precision={0}
                  aria-label="E-mails per hour"
                />
              </Form.Item>
            </Col>
          </>
        ) : null}
      </Row>
      <FormActions
        align="start"
        cancel={{ onClick: onCancel }}
        save={{
          label: isEditing ? 'SAVE CHANGES' : 'ADD ALERT',
          isPending: isSubmitting,
          testId: 'alert-rule-submit',
        }}
        remove={
          onRemove === undefined
            ? undefined
            : { label: 'REMOVE ALERT', onClick: onRemove, testId: 'alert-rule-remove' }
        }
      />
    </Form>
  );
}
