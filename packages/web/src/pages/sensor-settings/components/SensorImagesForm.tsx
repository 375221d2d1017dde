import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SensorImages } from '@vigil/contracts';
import { Alert, App, Card, Col, Flex, Form, Row, Select } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessageOf } from '../../../api/api-error';
import { deviceKeys } from '../../../api/devices';
import { type SensorImageType, saveSensorImages } from '../../../api/sensor-settings';
import { PATHS } from '../../../routes/paths';
import {
  DEFAULT_IMAGE,
  imagesFormValuesOf,
  imagesPayloadOf,
  type SensorImagesFormValues,
} from '../images-form';
import { SENSOR_SETTINGS_TEXTS } from '../sensor-settings-messages';
import { SettingsActions } from './SettingsActions';

type SensorImagesFormProps = { deviceId: number; data: SensorImages; imageTypes: SensorImageType[] };

function ImageOption({ name, thumb }: { name: string; thumb: string | null }) {
  return (
    <Flex align="center" gap={8}>
      {thumb === null ? (
        <span style={{ width: 28, height: 28, display: 'inline-block' }} />
      ) : (
        <img src={thumb} alt="" width={28} height={28} style={{ objectFit: 'contain' }} />
      )}
      <span>{name}</span>
    </Flex>
  );
}

/** One image select per sensor, by group; Save sends every sensor's choice and goes back to the dashboard. */
export function SensorImagesForm({ deviceId, data, imageTypes }: SensorImagesFormProps) {
  const [form] = Form.useForm<SensorImagesFormValues>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  const options = [
    {
      value: DEFAULT_IMAGE,
      title: 'Default image',
      label: <ImageOption name="Default image" thumb={null} />,
    },
    ...imageTypes.map((type) => ({
      value: type.id,
      title: type.name,
      label: <ImageOption name={type.name} thumb={type.thumbs.small} />,
    })),
  ];
  const save = useMutation({
    mutationFn: (values: SensorImagesFormValues) => saveSensorImages(deviceId, imagesPayloadOf(data, values)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: deviceKeys.one(deviceId) });
      message.success(SENSOR_SETTINGS_TEXTS.imagesSaved);
      navigate(PATHS.dashboard);
    },
    onError: (cause) => setError(errorMessageOf(cause, SENSOR_SETTINGS_TEXTS.saveFailed)),
  });

  return (
    <Form<SensorImagesFormValues>
      form={form}
      layout="vertical"
      initialValues={imagesFormValuesOf(data)}
      onFinish={(values) => {
        setError(null);
        save.mutate(values);
      }}
      data-testid="sensor-images-form"
    >
      {error === null ? null : <Alert type="error" showIcon title={error} className="form-alert" />}
      <Flex vertical gap={16}>
        {data.groups.map((group) => (
          <Card key={group.id} size="small" title={group.name}>
            <Row gutter={16}>
              {group.sensors.map((sensor) => (
                <Col key={sensor.id} xs={24} sm={12} lg={8}>
                  <Form.Item name={['images', sensor.id]} label={sensor.name}>
                    <Select
                      options={options}
                      optionLabelProp="label"
                      aria-label={`${group.name} ${sensor.name} image`}
                      data-testid={`sensor-image-${sensor.id}`}
                    />
                  </Form.Item>
                </Col>
              ))}
            </Row>
          </Card>
        ))}
      </Flex>
      <SettingsActions isSaving={save.isPending} />
    </Form>
  );
}
