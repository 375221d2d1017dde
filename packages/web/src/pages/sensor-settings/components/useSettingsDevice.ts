import { useQuery } from '@tanstack/react-query';
import { canEditSite, type Device } from '@vigil/contracts';
import { deviceQuery } from '../../../api/devices';
import { useCurrentUser } from '../../../hooks/useCurrentUser';

export type SettingsDevice = {
  /** The current device's id, or null when none is selected. */
  deviceId: number | null;
  device: Device | undefined;
  isError: boolean;
  error: unknown;
  /** Edit access on the device's site (M section 6); false until the device loads. */
  canEdit: boolean;
};

/** The current device of the sensor settings screens and whether the person may edit it. */
export function useSettingsDevice(): SettingsDevice {
  const me = useCurrentUser();
  const deviceId = me.current_device?.id ?? null;
  const query = useQuery({
    ...deviceQuery(deviceId ?? 0),
    enabled: deviceId !== null,
  });
  const device = query.data;
  return {
    deviceId,
    device,
    isError: query.isError,
    error: query.error,
    canEdit: device !== undefined && canEditSite(me, me.locations_roles[String(device.location)]),
  };
}
