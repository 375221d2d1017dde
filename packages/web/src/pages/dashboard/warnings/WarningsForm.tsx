import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WARNING_MAX_DELAY_SECONDS, WARNING_SIGNS, WARNINGS_MESSAGES, type Warning } from '@vigil/contracts';
import { Alert, App, Button, Card, Col, Empty, Flex, Form, Input, InputNumber, Row, Select } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessageOf } from '../../../api/api-error';
import { type DeviceSensorGroups, saveWarnings, warningsQueryKey } from '../../../api/warnings';
import { DASHBOARD_PATH } from '../dashboard-paths';
import {
  fieldProblem,
  payloadOfRows,
  rowsOfWarnings,
  sensorOptionsOf,
  type WarningRow,
} from './warning-form';
import { WARNINGS_SAVE_FAILED, WARNINGS_SAVED } from './warnings-paths';

type WarningsFormValues = { warnings: WarningRow[] };

type WarningsFormProps = { deviceId: number; warnings: Warning[]; sensorGroups: DeviceSensorGroups };

const SIGN_OPTIONS = WARNING_SIGNS.map((sign) => ({ label: sign, value: sign }));
const NEW_ROW: WarningRow = { delay_seconds: 0 };

function contractRule(field: 'value' | 'delay_seconds') {
  return {
    validator: async (_rule: unknown, input: unknown) => {
      const problem = fieldProblem(field, input ?? '');
      if (problem !== null) {
        throw new Error(problem);
      }
    },
  };
}

/** The rows of Edit Warnings; Save sends the whole list (201) and goes back to the dashboard. */
export function WarningsForm({ deviceId, warnings, sensorGroups }: WarningsFormProps) {
  const [form] = Form.useForm<WarningsFormValues>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  const sensorOptions = sensorOptionsOf(sensorGroups, warnings);
  const save = useMutation({
    mutationFn: (values: WarningsFormValues) => saveWarnings(deviceId, payloadOfRows(values.warnings ?? [])),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: warningsQueryKey(deviceId) });
      message.success(WARNINGS_SAVED);
      navigate(DASHBOARD_PATH);
    },
    onError: (cause) => setError(errorMessageOf(cause, WARNINGS_SAVE_FAILED)),
  });

  return (
    <Form<WarningsFormValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ warnings: rowsOfWarnings(warnings) }}
      onFinish={(values) => {
        setError(null);
        save.mutate(values);
      }}
      data-testid="warnings-form"
    >
      {error === null ? null : (
        <Alert type="error" showIcon title={error} className="form-alert" data-testid="warnings-save-error" />
      )}
      <Form.List name="warnings">
        {(fields, { add, remove }) => (
          <Flex vertical gap={12}>
            {fields.length === 0 ? <Empty description={WARNINGS_MESSAGES.empty} /> : null}
            {fields.map((field, index) => (
              <Card key={field.key} size="small" data-testid={`warning-row-${index}`}>
                <Row gutter={12} align="top">
                  <Col xs={24} md={9}>
                    <Form.Item
                      name={[field.name, 'sensor_id']}
                      label="Sensor"
                      rules={[{ required: true, message: WARNINGS_MESSAGES.sensorRequired }]}
                    >
                      <Select
                        showSearch={{ optionFilterProp: 'label' }}
                        placeholder="Select sensor"
                        options={sensorOptions}
                        aria-label={`Sensor ${index + 1}`}
                        data-testid={`warning-sensor-${index}`}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={8} md={3}>
                    <Form.Item
                      name={[field.name, 'sign']}
                      label="Sign"
                      rules={[{ required: true, message: WARNINGS_MESSAGES.signRequired }]}
                    >
                      <Select
                        placeholder="Sign"
                        options={SIGN_OPTIONS}
                        aria-label={`Sign ${index + 1}`}
                        data-testid={`warning-sign-${index}`}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={8} md={5}>
                    <Form.Item name={[field.name, 'value']} label="Value" rules={[contractRule('value')]}>
                      <Input placeholder="Value" inputMode="decimal" aria-label={`Value ${index + 1}`} />
                    </Form.Item>
                  </Col>
                  <Col xs={8} md={5}>
                    <Form.Item
                      name={[field.name, 'delay_seconds']}
                      label="Delay seconds"
                      rules={[
                        { required: true, message: WARNINGS_MESSAGES.delayRequired },
                        contractRule('delay_seconds'),
                      ]}
                    >
                      <InputNumber
                        min={0}
                        max={WARNING_MAX_DELAY_SECONDS}
                        precision={0}
                        style={{ width: '100%' }}
                        aria-label={`Delay seconds ${index + 1}`}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={2}>
                    <Form.Item label=" " colon={false}>
                      <Button
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`Remove warning ${index + 1}`}
                        onClick={() => remove(field.name)}
                        data-testid={`warning-remove-${index}`}
                      />
                    </Form.Item>
                  </Col>
                </Row>
              </Card>
            ))}
            <Button
              type="dashed"
              block
              icon={<PlusOutlined />}
              onClick={() => add(NEW_ROW)}
              data-testid="warning-add"
            >
              ADD WARNING
            </Button>
          </Flex>
        )}
      </Form.List>
      <Flex justify="flex-end" gap={12} className="form-actions">
        <Button onClick={() => navigate(DASHBOARD_PATH)} data-testid="warnings-cancel">
          CANCEL
        </Button>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="warnings-save">
          SAVE
        </Button>
      </Flex>
    </Form>
  );
}
