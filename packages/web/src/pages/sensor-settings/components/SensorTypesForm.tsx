import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SENSOR_SCALE_MAX, type SensorTypes, type Unit } from '@vigil/contracts';
import { Alert, App, Card, Col, Flex, Form, InputNumber, Row, Select, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessageOf } from '../../../api/api-error';
import { deviceKeys } from '../../../api/devices';
import { saveSensorTypes } from '../../../api/sensor-settings';
import { PATHS } from '../../../routes/paths';
import { SENSOR_SETTINGS_TEXTS } from '../sensor-settings-messages';
import {
  SENSOR_TYPE_OPTIONS,
  type SensorTypesFormValues,
  typesFormValuesOf,
  typesPayloadOf,
} from '../types-form';
import { SettingsActions } from './SettingsActions';

type SensorTypesFormProps = { deviceId: number; data: SensorTypes; units: Unit[] };

/** Type, unit, k and c per sensor, by group; Save sends every sensor and goes back to the dashboard. */
export function SensorTypesForm({ deviceId, data, units }: SensorTypesFormProps) {
  const [form] = Form.useForm<SensorTypesFormValues>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  const unitOptions = units.map((unit) => ({ label: unit.name, value: unit.id }));
  const save = useMutation({
    mutationFn: (values: SensorTypesFormValues) => saveSensorTypes(deviceId, typesPayloadOf(data, values)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: deviceKeys.one(deviceId) });
      message.success(SENSOR_SETTINGS_TEXTS.typesSaved);
      navigate(PATHS.dashboard);
    },
    onError: (cause) => setError(errorMessageOf(cause, SENSOR_SETTINGS_TEXTS.saveFailed)),
  });

  return (
    <Form<SensorTypesFormValues>
      form={form}
      layout="vertical"
      initialValues={typesFormValuesOf(data)}
      onFinish={(values) => {
        setError(null);
        save.mutate(values);
      }}
      data-testid="sensor-types-form"
    >
      {error === null ? null : <Alert type="error" showIcon title={error} className="form-alert" />}
      <Flex vertical gap={16}>
        {data.sensor_types.map((group) => (
          <Card key={group.id} size="small" title={group.name}>
            <Flex vertical gap={8}>
              {group.sensors.map((sensor) => (
                <div key={sensor.id} data-testid={`sensor-type-${sensor.id}`}>
                  <Typography.Text strong>{sensor.label}</Typography.Text>
                  <Row gutter={12} style={{ marginTop: 4 }}>
                    <Col xs={12} md={6}>
                      <Form.Item name={['sensors', sensor.id, 'type']} label="Type">
                        <Select options={SENSOR_TYPE_OPTIONS} aria-label={`${sensor.label} type`} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={6}>
                      <Form.Item name={['sensors', sensor.id, 'unit']} label="Unit">
                        <Select
                          allowClear
                          placeholder="No unit"
                          options={unitOptions}
                          aria-label={`${sensor.label} unit`}
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={6}>
                      <Form.Item name={['sensors', sensor.id, 'k']} label="k">
                        <InputNumber
                          min={-SENSOR_SCALE_MAX}
                          max={SENSOR_SCALE_MAX}
                          style={{ width: '100%' }}
                          aria-label={`${sensor.label} k`}
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={6}>
                      <Form.Item name={['sensors', sensor.id, 'c']} label="c">
                        <InputNumber
                          min={-SENSOR_SCALE_MAX}
                          max={SENSOR_SCALE_MAX}
                          style={{ width: '100%' }}
                          aria-label={`${sensor.label} c`}
                        />
                      </Form.Item>
                    </Col>
                  </Row>
                </div>
              ))}
            </Flex>
          </Card>
        ))}
      </Flex>
      <SettingsActions isSaving={save.isPending} />
    </Form>
  );
}
