import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEVICE_MESSAGES, type Device, isStaff, type Me, type Site } from '@vigil/contracts';
import { Button, Card, Flex, Form, Spin, Typography } from 'antd';
import { useMemo } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { errorMessageOf } from '../../api/api-error';
import {
  createDevice,
  deleteDevice,
  getDevice,
  toggleDeviceSuspended,
  updateDevice,
} from '../../api/devices';
import { listSites } from '../../api/sites';
import { SuspendRemoveActions } from '../../components/SuspendRemoveActions';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { ME_QUERY_KEY } from '../../hooks/useMe';
import { usePageTitle } from '../../hooks/usePageTitle';
import { ALERT_RESET_MS } from '../../messages';
import { PATHS } from '../../routes/paths';
import { NoticeAlert, type NoticeState, useNotice } from '../sites/components/Notice';
import { SITES_QUERY_KEY } from '../sites/queries';
import {
  DeviceForm,
  type DeviceFormFields,
  deviceFormValues,
  showDeviceFieldErrors,
  toDeviceBody,
} from './components/DeviceForm';
import { canAddDevice } from './device-rules';
import { DEVICES_QUERY_KEY, deviceQueryKey } from './queries';

function noticeState(text: string): NoticeState {
  return { notice: { text, type: 'success', durationMs: ALERT_RESET_MS } };
}

/** The sites offered in the location select: those where the user may add devices (plus the device's own). */
function useDeviceSites(me: Me, keepSiteId?: number): Site[] {
  const sites = useQuery({
    queryKey: [...SITES_QUERY_KEY, 'list', 'title'],
    queryFn: ({ signal }) => listSites({ ordering: 'title' }, signal),
  });
  return (sites.data?.results ?? []).filter((site) => site.id === keepSiteId || canAddDevice(me, site.id));
}

/** /devices/add/device and /devices/edit/device/:id (A section 2 'Device forms'). */
export function DeviceFormPage() {
  const { id } = useParams();
  return id === undefined ? <AddDevicePage /> : <EditDevicePage id={Number(id)} />;
}

function canAddSomewhere(me: Me): boolean {
  return isStaff(me) || me.is_accounts_management || Object.values(me.locations_roles).includes('Manager');
}

function AddDevicePage() {
  usePageTitle('Add Device');
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
      await queryClient.invalidateQueries({ queryKey: DEVICES_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: SITES_QUERY_KEY });
      navigate(PATHS.devices, { state: noticeState(DEVICE_MESSAGES.added) });
    },
    onError: (error) => {
      if (!showDeviceFieldErrors(form, error)) {
        show(errorMessageOf(error, DEVICE_MESSAGES.failed), 'error');
      }
    },
  });
  if (!canAddSomewhere(me)) {
    return <Navigate to={PATHS.devices} replace />;
  }
  return (
    <div className="page">
      <Typography.Title level={3} data-testid="device-form-title">
        Add Device
      </Typography.Title>
      <NoticeAlert notice={notice} />
      <Card>
        <DeviceForm
          form={form}
          sites={sites}
          initialValues={initialValues}
          isEditing={false}
          showEmulation={false}
          disabled={add.isPending}
          onFinish={(values) => add.mutate(values)}
        />
      </Card>
      <FormButtons
        onCancel={() => navigate(PATHS.devices)}
        onSave={() => form.submit()}
        isSaving={add.isPending}
        saveText="ADD DEVICE"
      />
    </div>
  );
}

type FormButtonsProps = { onCancel: () => void; onSave: () => void; isSaving: boolean; saveText: string };

function FormButtons({ onCancel, onSave, isSaving, saveText }: FormButtonsProps) {
  return (
    <Flex justify="flex-end" gap={12} className="form-actions">
      <Button onClick={onCancel} data-testid="device-cancel">
        CANCEL
      </Button>
      <Button type="primary" loading={isSaving} onClick={onSave} data-testid="device-save">
        {saveText}
      </Button>
    </Flex>
  );
}

function EditDevicePage({ id }: { id: number }) {
  const isValidId = Number.isInteger(id) && id > 0;
  const device = useQuery({
    queryKey: deviceQueryKey(id),
    queryFn: ({ signal }) => getDevice(id, signal),
    enabled: isValidId,
  });
  usePageTitle('Edit Device');
  if (!isValidId || device.isError || (device.data && !device.data.can_edit)) {
    return <Navigate to={PATHS.devices} replace />;
  }
  if (device.data === undefined) {
    return <Spin className="page-spinner" />;
  }
  return <EditDeviceContent device={device.data} />;
}

function EditDeviceContent({ device }: { device: Device }) {
  const me = useCurrentUser();
  const [form] = Form.useForm<DeviceFormFields>();
  const navigate = useNavigate();
  const { notice, show } = useNotice();
  const sites = useDeviceSites(me, device.location);
  const initialValues = useMemo(() => deviceFormValues(device), [device]);
  const onError = (error: Error) => {
    if (!showDeviceFieldErrors(form, error)) {
      show(errorMessageOf(error, DEVICE_MESSAGES.failed), 'error');
    }
  };
  const actions = useDeviceActions(device, {
    onSaved: () => show(DEVICE_MESSAGES.updated),
    onSuspended: (updated) =>
      show(updated.is_suspended ? DEVICE_MESSAGES.deactivated : DEVICE_MESSAGES.reactivated),
    onError,
  });
  return (
    <div className="page">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="device-form-title">
          Edit Device
        </Typography.Title>
        <SuspendRemoveActions
          noun="DEVICE"
          isSuspended={device.is_suspended}
          suspend={{ run: () => actions.suspend.mutateAsync(), isPending: actions.suspend.isPending }}
          remove={{ run: () => actions.remove.mutateAsync(), isPending: actions.remove.isPending }}
          messages={{
            confirmDeactivate: DEVICE_MESSAGES.confirmDeactivate,
            confirmReactivate: DEVICE_MESSAGES.confirmReactivate,
            confirmRemove: DEVICE_MESSAGES.confirmRemove,
          }}
          testIdPrefix="device"
        />
      </Flex>
      <NoticeAlert notice={notice} />
      <Card>
        <DeviceForm
          form={form}
          sites={sites}
          initialValues={initialValues}
          isEditing
          showEmulation={isStaff(me)}
          disabled={actions.save.isPending}
          onFinish={(values) => actions.save.mutate(values)}
        />
      </Card>
      <FormButtons
        onCancel={() => navigate(PATHS.devices)}
        onSave={() => form.submit()}
        isSaving={actions.save.isPending}
        saveText="SAVE CHANGES"
      />
    </div>
  );
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
    queryClient.setQueryData(deviceQueryKey(device.id), updated);
    await queryClient.invalidateQueries({ queryKey: [...DEVICES_QUERY_KEY, 'list'] });
    await queryClient.invalidateQueries({ queryKey: SITES_QUERY_KEY });
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
      queryClient.removeQueries({ queryKey: deviceQueryKey(device.id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...DEVICES_QUERY_KEY, 'list'] }),
        queryClient.invalidateQueries({ queryKey: SITES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
      ]);
    },
    onError: handlers.onError,
  });
  return { save, suspend, remove };
}
