import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DEGREES,
  NETWORK_NUMBERS,
  SENSOR_NAME_MAX_LENGTH,
  SENSOR_SETTINGS_MESSAGES,
  type SensorNames,
} from '@vigil/contracts';
import { Alert, App, Card, Col, Flex, Form, Input, Row, Select } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessageOf } from '../../../api/api-error';
import { deviceKeys } from '../../../api/devices';
import { saveSensorNames } from '../../../api/sensor-settings';
import { PATHS } from '../../../routes/paths';
import { isF500UdfNames, namesFormValuesOf, namesPayloadOf, type SensorNamesFormValues } from '../names-form';
import { SENSOR_SETTINGS_TEXTS } from '../sensor-settings-messages';
import { SettingsActions } from './SettingsActions';

const DEGREE_OPTIONS = DEGREES.map((degree) => ({ label: degree, value: degree }));
const nameRules = [{ max: SENSOR_NAME_MAX_LENGTH, message: SENSOR_SETTINGS_MESSAGES.nameTooLong }];

type SensorNamesFormProps = {
  deviceId: number;
  data: SensorNames;
  /** Without edit access on the device's site: the names shown, nothing to change or save. */
  isReadOnly: boolean;
};

/** The names of one device's sensors by group; Save sends them all and goes back to the dashboard. */
export function SensorNamesForm({ deviceId, data, isReadOnly }: SensorNamesFormProps) {
  const [form] = Form.useForm<SensorNamesFormValues>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  const isUdf = isF500UdfNames(data);
  const save = useMutation({
    mutationFn: (values: SensorNamesFormValues) => saveSensorNames(deviceId, namesPayloadOf(data, values)),
    onSuccess: async () => {
      // Every view of the device shows names (dashboard, warnings): all of them read again.
      await queryClient.invalidateQueries({ queryKey: deviceKeys.one(deviceId) });
      message.success(SENSOR_SETTINGS_TEXTS.namesSaved);
      navigate(PATHS.dashboard);
    },
    onError: (cause) => setError(errorMessageOf(cause, SENSOR_SETTINGS_TEXTS.saveFailed)),
  });

  return (
    <Form<SensorNamesFormValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={namesFormValuesOf(data)}
      disabled={isReadOnly}
      onFinish={(values) => {
        setError(null);
        save.mutate(values);
      }}
      data-testid="sensor-names-form"
    >
      {isReadOnly ? (
        <Alert
          type="info"
          showIcon
          title={SENSOR_SETTINGS_TEXTS.namesReadOnly}
          className="form-alert"
          data-testid="sensor-names-read-only"
        />
      ) : null}
      {error === null ? null : (
        <Alert type="error" showIcon title={error} className="form-alert" data-testid="sensor-names-error" />
      )}
      <Flex vertical gap={16}>
        {isUdf ? (
          <Card size="small" title="Device">
            <Row gutter={16}>
              <Col xs={24} sm={12} lg={8}>
                <Form.Item
                  name="degrees"
                  label="Degrees"
                  rules={[{ required: true, message: SENSOR_SETTINGS_MESSAGES.degreesRequired }]}
                >
                  <Select
                    placeholder="Select degrees"
                    options={DEGREE_OPTIONS}
                    data-testid="sensor-names-degrees"
                  />
                </Form.Item>
              </Col>
              {NETWORK_NUMBERS.slice(0, data.networks?.length ?? 0).map((number, index) => (
                <Col key={number} xs={24} sm={12} lg={8}>
                  <Form.Item
                    name={['networks', number]}
                    label={data.networks?.[index]?.label}
                    rules={nameRules}
                  >
                    <Input maxLength={SENSOR_NAME_MAX_LENGTH} aria-label={data.networks?.[index]?.label} />
                  </Form.Item>
                </Col>
              ))}
            </Row>
          </Card>
        ) : null}
        {data.sensor_names.map((group) => (
          <Card key={group.id} size="small" title={group.name} data-testid={`sensor-names-group-${group.id}`}>
            <Row gutter={16}>
              {group.sensors.map((sensor) => (
                <Col key={sensor.id} xs={24} sm={12} lg={8}>
                  <Form.Item name={['names', sensor.id]} label={sensor.label} rules={nameRules}>
                    <Input
                      maxLength={SENSOR_NAME_MAX_LENGTH}
                      placeholder={sensor.label}
                      aria-label={`${group.name} ${sensor.label}`}
                      data-testid={`sensor-name-${sensor.id}`}
                    />
                  </Form.Item>
                </Col>
              ))}
            </Row>
          </Card>
        ))}
      </Flex>
      <SettingsActions isSaving={save.isPending} canSave={!isReadOnly} />
    </Form>
  );
}
