import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEVICE_MESSAGES, type Device, isStaff, type Me, type Site } from '@vigil/contracts';
import { Form } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { meKeys } from '../../api/accounts';
import { errorMessageOf } from '../../api/api-error';
import {
  createDevice,
  deleteDevice,
  deviceKeys,
  toggleDeviceSuspended,
  updateDevice,
} from '../../api/devices';
import { siteKeys, sitesQuery } from '../../api/sites';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { noticeState, useNotice } from '../../hooks/useNotice';
import { PATHS } from '../../routes/paths';
import {
  type DeviceFormFields,
  deviceFormValues,
  showDeviceFieldErrors,
  toDeviceBody,
} from './components/DeviceForm';
import { canAddDevice } from './device-rules';

/** The sites offered in the location select: those where the user may add devices (plus the device's own). */
function useDeviceSites(me: Me, keepSiteId?: number): Site[] {
  const sites = useQuery(sitesQuery());
  return (sites.data?.results ?? []).filter((site) => site.id === keepSiteId || canAddDevice(me, site.id));
}

/** Staff, accounts management and Managers may add devices somewhere; others are sent back. */
function canAddSomewhere(me: Me): boolean {
  return isStaff(me) || me.is_accounts_management || Object.values(me.locations_roles).includes('Manager');
}

/** Add Device: the form (at the current site when the user may add there), its alert and the create call. */
export function useAddDevicePage() {
  const me = useCurrentUser();
  const [form] = Form.useForm<DeviceFormFields>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { notice, show } = useNotice();
  const sites = useDeviceSites(me);
  const currentSite = me.current_location?.id;
  const initialValues = useMemo(
    () =>
      currentSite !== undefined && canAddDevice(me, currentSite) ? { location: currentSite } : undefined,
    [me, currentSite],
  );
  const add = useMutation({
    mutationFn: (values: DeviceFormFields) => createDevice(toDeviceBody(values, false)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: deviceKeys.all });
      await queryClient.invalidateQueries({ queryKey: siteKeys.all });
      navigate(PATHS.devices, { state: noticeState(DEVICE_MESSAGES.added) });
    },
    onError: (error) => {
      if (!showDeviceFieldErrors(form, error)) {
        show(errorMessageOf(error, DEVICE_MESSAGES.failed), 'error');
      }
    },
  });
  return {
    mayAdd: canAddSomewhere(me),
    form,
    sites,
    initialValues,
    notice,
    add,
    cancel: () => navigate(PATHS.devices),
  };
}

/** Edit Device: the form, its alert and the actions (save, deactivate/reactivate, remove). */
export function useEditDevicePage(device: Device) {
  const me = useCurrentUser();
  const [form] = Form.useForm<DeviceFormFields>();
  const navigate = useNavigate();
  const { notice, show } = useNotice();
  const sites = useDeviceSites(me, device.location);
  const initialValues = useMemo(() => deviceFormValues(device), [device]);
  const actions = useDeviceActions(device, {
    onSaved: () => show(DEVICE_MESSAGES.updated),
    onSuspended: (updated) =>
      show(updated.is_suspended ? DEVICE_MESSAGES.deactivated : DEVICE_MESSAGES.reactivated),
    onError: (error) => {
      if (!showDeviceFieldErrors(form, error)) {
        show(errorMessageOf(error, DEVICE_MESSAGES.failed), 'error');
      }
    },
  });
  return {
    form,
    sites,
    initialValues,
    notice,
    showsEmulation: isStaff(me),
    ...actions,
    cancel: () => navigate(PATHS.devices),
  };
}

type DeviceActionHandlers = {
  onSaved: () => void;
  onSuspended: (device: Device) => void;
  onError: (error: Error) => void;
};

/** Save, deactivate/reactivate and remove, each refreshing what shows the device. */
function useDeviceActions(device: Device, handlers: DeviceActionHandlers) {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const refresh = async (updated: Device) => {
    queryClient.setQueryData(deviceKeys.one(device.id), updated);
    await queryClient.invalidateQueries({ queryKey: deviceKeys.lists() });
    await queryClient.invalidateQueries({ queryKey: siteKeys.all });
  };
  const save = useMutation({
    mutationFn: (values: DeviceFormFields) => updateDevice(device.id, toDeviceBody(values, isStaff(me))),
    onSuccess: async (updated) => {
      await refresh(updated);
      handlers.onSaved();
    },
    onError: handlers.onError,
  });
  const suspend = useMutation({
    mutationFn: () => toggleDeviceSuspended(device.id),
    onSuccess: async (updated) => {
      await refresh(updated);
      handlers.onSuspended(updated);
    },
    onError: handlers.onError,
  });
  const remove = useMutation({
    mutationFn: () => deleteDevice(device.id),
    onSuccess: async () => {
      navigate(PATHS.devices, { state: noticeState(DEVICE_MESSAGES.removed) });
      queryClient.removeQueries({ queryKey: deviceKeys.one(device.id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: deviceKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: siteKeys.all }),
        queryClient.invalidateQueries({ queryKey: meKeys.all }),
      ]);
    },
    onError: handlers.onError,
  });
  return { save, suspend, remove };
}
