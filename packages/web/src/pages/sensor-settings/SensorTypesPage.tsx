import { useQuery } from '@tanstack/react-query';
import { SENSOR_SETTINGS_MESSAGES, SENSOR_TYPES_DEVICE_TYPES } from '@vigil/contracts';
import { Empty, Typography } from 'antd';
import { ieNodeUnitsQuery, sensorTypesQuery } from '../../api/sensor-settings';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { usePageTitle } from '../../hooks/usePageTitle';
import { SensorTypesForm } from './components/SensorTypesForm';
import { BackToDashboard, SettingsLoading } from './components/SettingsStates';
import { useSettingsDevice } from './components/useSettingsDevice';

const TYPES_DEVICE_TYPES: readonly string[] = SENSOR_TYPES_DEVICE_TYPES;

/**
 * /edit/sensor/types, the Sensor Settings screen (M section 2): ETH-NODE devices (0005, 0006) only, others go
 * to /dashboard; per sensor Digital (BOOL) or Analog (NUMERIC), a unit of ie-node-units/, k and c.
 */
export function SensorTypesPage() {
  usePageTitle('Edit Sensor Types');
  const me = useCurrentUser();
  const { deviceId, device, isError, error } = useSettingsDevice();
  // me/ knows the type before the device loads, so other devices leave without a request. The registered
  // type decides, as on the server (is_emulated_as changes how the dashboard draws, not what a unit reports).
  const isSupported =
    me.current_device !== null &&
    TYPES_DEVICE_TYPES.includes(device?.device_type ?? me.current_device.device_type);
  const types = useQuery({ ...sensorTypesQuery(deviceId ?? 0), enabled: isSupported && deviceId !== null });
  const units = useQuery({ ...ieNodeUnitsQuery(), enabled: isSupported });
  if (deviceId === null || !isSupported) {
    return <BackToDashboard />;
  }
  const failed = [types, units].find((query) => query.isError);
  if (isError || failed !== undefined) {
    return <BackToDashboard error={isError ? error : failed?.error} />;
  }
  const isEmpty = types.data !== undefined && types.data.sensor_types.length === 0;
  return (
    <div className="page" data-testid="sensor-types-page">
      <Typography.Title level={3} className="page-title">
        Edit Sensor Types{device === undefined ? '' : ` - ${device.title}`}
      </Typography.Title>
      {types.data === undefined || units.data === undefined ? (
        <SettingsLoading />
      ) : isEmpty ? (
        <Empty description={SENSOR_SETTINGS_MESSAGES.empty} data-testid="sensor-settings-empty" />
      ) : (
        <SensorTypesForm key={types.dataUpdatedAt} deviceId={deviceId} data={types.data} units={units.data} />
      )}
    </div>
  );
}
