import { useQuery } from '@tanstack/react-query';
import { SENSOR_SETTINGS_MESSAGES } from '@vigil/contracts';
import { Empty, Flex, Typography } from 'antd';
import { sensorNamesQuery } from '../../api/sensor-settings';
import { usePageTitle } from '../../hooks/usePageTitle';
import { NamesCsvButtons } from './components/NamesCsvButtons';
import { SensorNamesForm } from './components/SensorNamesForm';
import { BackToDashboard, SettingsLoading } from './components/SettingsStates';
import { useSettingsDevice } from './components/useSettingsDevice';

/**
 * /edit/sensor/names (M sections 2, 5 and 7): a name per sensor by group (at most 60 characters), for F500-UDF
 * also degrees and the names of networks 1-4; CSV export and import; Save (201) or Cancel back to /dashboard.
 * Everyone who sees the device reads the names; only its site's editors change them (docs/permissions.md), so
 * anyone else gets the names read-only, with no Save or import that would answer 403.
 */
export function SensorNamesPage() {
  usePageTitle('Edit Sensor Names');
  const { deviceId, device, isError, error, canEdit } = useSettingsDevice();
  const names = useQuery({
    ...sensorNamesQuery(deviceId ?? 0),
    enabled: deviceId !== null,
  });
  if (deviceId === null) {
    return <BackToDashboard />;
  }
  if (isError || names.isError) {
    return <BackToDashboard error={isError ? error : names.error} />;
  }
  const isEmpty = names.data !== undefined && names.data.sensor_names.length === 0;
  return (
    <div className="page" data-testid="sensor-names-page">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Edit Sensor Names{device === undefined ? '' : ` - ${device.title}`}
        </Typography.Title>
        {device === undefined || isEmpty ? null : <NamesCsvButtons device={device} canImport={canEdit} />}
      </Flex>
      {device === undefined || names.data === undefined ? (
        <SettingsLoading />
      ) : isEmpty ? (
        <Empty description={SENSOR_SETTINGS_MESSAGES.empty} data-testid="sensor-settings-empty" />
      ) : (
        // Re-mounted with each load, so an import or a save shows what the server now holds.
        <SensorNamesForm
          key={names.dataUpdatedAt}
          deviceId={deviceId}
          data={names.data}
          isReadOnly={!canEdit}
        />
      )}
    </div>
  );
}
