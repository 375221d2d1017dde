import { useQuery } from '@tanstack/react-query';
import { canEditSite, WARNINGS_MESSAGES } from '@vigil/contracts';
import { Alert, Flex, Spin, Typography } from 'antd';
import { errorMessageOf } from '../../api/api-error';
import { deviceKeys, getDevice } from '../../api/devices';
import { deviceSensorsQueryKey, listDeviceSensors, listWarnings, warningsQueryKey } from '../../api/warnings';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { usePageTitle } from '../../hooks/usePageTitle';
import { NoDeviceSelected } from './components/DashboardStates';
import { WarningsForm } from './warnings/WarningsForm';
import { WARNINGS_LOAD_FAILED } from './warnings/warnings-paths';

/**
 * /dashboard/edit/warnings (M sections 2, 5 and 6): the current device's warnings as rows of sensor, sign,
 * value and delay, saved as one list; people without edit access on the device's site only see why not.
 */
export function EditWarningsPage() {
  const me = useCurrentUser();
  usePageTitle('Edit Warnings');
  if (me.current_device === null) {
    return <NoDeviceSelected />;
  }
  return <EditWarnings deviceId={me.current_device.id} />;
}

function EditWarnings({ deviceId }: { deviceId: number }) {
  const me = useCurrentUser();
  const device = useQuery({
    queryKey: deviceKeys.one(deviceId),
    queryFn: ({ signal }) => getDevice(deviceId, signal),
  });
  const canEdit =
    device.data !== undefined && canEditSite(me, me.locations_roles[String(device.data.location)]);
  const warnings = useQuery({
    queryKey: warningsQueryKey(deviceId),
    queryFn: ({ signal }) => listWarnings(deviceId, signal),
    enabled: canEdit,
  });
  const sensors = useQuery({
    queryKey: deviceSensorsQueryKey(deviceId),
    queryFn: ({ signal }) => listDeviceSensors(deviceId, signal),
    enabled: canEdit,
  });
  const failed = [device, warnings, sensors].find((query) => query.isError);

  return (
    <div className="page" data-testid="edit-warnings">
      <Typography.Title level={3} className="page-title">
        Edit Warnings{device.data === undefined ? '' : ` - ${device.data.title}`}
      </Typography.Title>
      {failed !== undefined ? (
        <Alert type="error" showIcon title={errorMessageOf(failed.error, WARNINGS_LOAD_FAILED)} />
      ) : device.data !== undefined && !canEdit ? (
        <Alert
          type="warning"
          showIcon
          title={WARNINGS_MESSAGES.noPermission}
          data-testid="warnings-no-permission"
        />
      ) : warnings.data === undefined || sensors.data === undefined ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : (
        <WarningsForm
          key={warnings.dataUpdatedAt}
          deviceId={deviceId}
          warnings={warnings.data}
          sensorGroups={sensors.data}
        />
      )}
    </div>
  );
}
