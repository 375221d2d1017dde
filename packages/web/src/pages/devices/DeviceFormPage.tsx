import { useQuery } from '@tanstack/react-query';
import { DEVICE_MESSAGES, type Device } from '@vigil/contracts';
import { Card, Flex, Spin, Typography } from 'antd';
import { Navigate, useParams } from 'react-router';
import { deviceQuery } from '../../api/devices';
import { FormActions } from '../../components/FormActions';
import { NoticeAlert } from '../../components/NoticeAlert';
import { SuspendRemoveActions } from '../../components/SuspendRemoveActions';
import { usePageTitle } from '../../hooks/usePageTitle';
import { PATHS } from '../../routes/paths';
import { DeviceForm } from './components/DeviceForm';
import { useAddDevicePage, useEditDevicePage } from './useDeviceFormPage';

/** /devices/add/device and /devices/edit/device/:id (A section 2 'Device forms'). */
export function DeviceFormPage() {
  const { id } = useParams();
  return id === undefined ? <AddDevicePage /> : <EditDevicePage id={Number(id)} />;
}

function AddDevicePage() {
  usePageTitle('Add Device');
  const { form, add, ...page } = useAddDevicePage();
  if (!page.mayAdd) {
    return <Navigate to={PATHS.devices} replace />;
  }
  return (
    <div className="page">
      <Typography.Title level={3} data-testid="device-form-title">
        Add Device
      </Typography.Title>
      <NoticeAlert notice={page.notice} testId="sites-alert" />
      <Card>
        <DeviceForm
          form={form}
          sites={page.sites}
          initialValues={page.initialValues}
          isEditing={false}
          showEmulation={false}
          disabled={add.isPending}
          onFinish={(values) => add.mutate(values)}
        />
      </Card>
      <FormActions
        cancel={{ onClick: page.cancel, testId: 'device-cancel' }}
        save={{
          label: 'ADD DEVICE',
          isPending: add.isPending,
          onClick: () => form.submit(),
          testId: 'device-save',
        }}
      />
    </div>
  );
}

function EditDevicePage({ id }: { id: number }) {
  const isValidId = Number.isInteger(id) && id > 0;
  const device = useQuery({ ...deviceQuery(id), enabled: isValidId });
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
  const { form, save, suspend, remove, ...page } = useEditDevicePage(device);
  return (
    <div className="page">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="device-form-title">
          Edit Device
        </Typography.Title>
        <SuspendRemoveActions
          noun="DEVICE"
          isSuspended={device.is_suspended}
          suspend={{ run: () => suspend.mutateAsync(), isPending: suspend.isPending }}
          remove={{ run: () => remove.mutateAsync(), isPending: remove.isPending }}
          messages={{
            confirmDeactivate: DEVICE_MESSAGES.confirmDeactivate,
            confirmReactivate: DEVICE_MESSAGES.confirmReactivate,
            confirmRemove: DEVICE_MESSAGES.confirmRemove,
          }}
          testIdPrefix="device"
        />
      </Flex>
      <NoticeAlert notice={page.notice} testId="sites-alert" />
      <Card>
        <DeviceForm
          form={form}
          sites={page.sites}
          initialValues={page.initialValues}
          isEditing
          showEmulation={page.showsEmulation}
          disabled={save.isPending}
          onFinish={(values) => save.mutate(values)}
        />
      </Card>
      <FormActions
        cancel={{ onClick: page.cancel, testId: 'device-cancel' }}
        save={{
          label: 'SAVE CHANGES',
          isPending: save.isPending,
          onClick: () => form.submit(),
          testId: 'device-save',
        }}
      />
    </div>
  );
}
