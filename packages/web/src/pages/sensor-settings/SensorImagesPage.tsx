import { useQuery } from '@tanstack/react-query';
import { SENSOR_SETTINGS_MESSAGES } from '@vigil/contracts';
import { Empty, Typography } from 'antd';
import { sensorImagesQuery, sensorImageTypesQuery } from '../../api/sensor-settings';
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
  const images = useQuery({ ...sensorImagesQuery(deviceId ?? 0), enabled: canEdit && deviceId !== null });
  const imageTypes = useQuery({ ...sensorImageTypesQuery(), enabled: canEdit });
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
