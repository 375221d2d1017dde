import { useQuery } from '@tanstack/react-query';
import { SENSOR_SETTINGS_MESSAGES } from '@vigil/contracts';
import { Empty, Typography } from 'antd';
import { getSensorImages, listSensorImageTypes, SENSOR_SETTINGS_QUERY_KEYS } from '../../api/sensor-settings';
import { usePageTitle } from '../../hooks/usePageTitle';
import { SensorImagesForm } from './components/SensorImagesForm';
import { BackToDashboard, SettingsLoading } from './components/SettingsStates';
import { useSettingsDevice } from './components/useSettingsDevice';

/**
 * /edit/sensor/images (M section 2): per group, each sensor picks an image from the image types (thumbnails)
 * or 'Default image'; Save and Cancel back to /dashboard; people who cannot edit are sent to /dashboard.
 */
export function SensorImagesPage() {
  usePageTitle('Edit Sensor Images');
  const { deviceId, device, isError, error, canEdit } = useSettingsDevice();
  const images = useQuery({
    queryKey: SENSOR_SETTINGS_QUERY_KEYS.images(deviceId ?? 0),
    queryFn: ({ signal }) => getSensorImages(deviceId ?? 0, signal),
    enabled: canEdit && deviceId !== null,
  });
  const imageTypes = useQuery({
    queryKey: SENSOR_SETTINGS_QUERY_KEYS.imageTypes,
    queryFn: ({ signal }) => listSensorImageTypes(signal),
    enabled: canEdit,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (deviceId === null || (device !== undefined && !canEdit)) {
    return <BackToDashboard />;
  }
  const failed = [images, imageTypes].find((query) => query.isError);
  if (isError || failed !== undefined) {
    return <BackToDashboard error={isError ? error : failed?.error} />;
  }
  const isEmpty = images.data !== undefined && images.data.groups.length === 0;
  return (
    <div className="page" data-testid="sensor-images-page">
      <Typography.Title level={3} className="page-title">
        Edit Sensor Images{device === undefined ? '' : ` - ${device.title}`}
      </Typography.Title>
      {images.data === undefined || imageTypes.data === undefined ? (
        <SettingsLoading />
      ) : isEmpty ? (
        <Empty description={SENSOR_SETTINGS_MESSAGES.empty} data-testid="sensor-settings-empty" />
      ) : (
        <SensorImagesForm
          key={images.dataUpdatedAt}
          deviceId={deviceId}
          data={images.data}
          imageTypes={imageTypes.data}
        />
      )}
    </div>
  );
}
