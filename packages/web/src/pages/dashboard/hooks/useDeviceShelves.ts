import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Shelf } from '@vigil/contracts';
import { App } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { errorMessageOf } from '../../../api/api-error';
import { shelvedSensorsQuery, shelvingKeys, unshelveSensor } from '../../../api/shelving';

/**
 * The dashboard's shelving (issue 27, docs/shelving.md): the device's active shelves by full sensor id, the
 * sensor whose 'Shelve alarms…' dialog is open, and unshelving (confirmed first).
 */
export function useDeviceShelves(siteId: number, deviceId: number, enabled: boolean) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const list = useQuery({ ...shelvedSensorsQuery(siteId), enabled });
  const shelves = useMemo(() => {
    if (list.data === undefined) {
      return null;
    }
    return new Map(
      list.data.results.filter((shelf) => shelf.device.id === deviceId).map((s) => [s.sensor_id, s]),
    );
  }, [list.data, deviceId]);
  const [dialog, setDialog] = useState<{ fullId: string; name: string } | null>(null);
  const unshelve = useMutation({
    mutationFn: (shelf: Shelf) => unshelveSensor(siteId, shelf.id),
    onSuccess: async (shelf) => {
      await queryClient.invalidateQueries({ queryKey: shelvingKeys.site(siteId) });
      message.success(`${shelf.sensor_name} unshelved`);
    },
    onError: (error) => message.error(errorMessageOf(error, 'The sensor could not be unshelved.')),
  });
  const { mutate } = unshelve;
  const askUnshelve = useCallback(
    (shelf: Shelf) => {
      modal.confirm({
        title: `Unshelve ${shelf.sensor_name}?`,
        content: 'Its alarms send e-mails, escalate, and raise toasts and the alarm sound again.',
        okText: 'Unshelve',
        okButtonProps: { id: 'unshelve-confirm' },
        onOk: () => mutate(shelf),
      });
    },
    [modal, mutate],
  );
  return { shelves, dialog, openDialog: setDialog, closeDialog: () => setDialog(null), askUnshelve };
}
