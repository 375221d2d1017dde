import { useMutation } from '@tanstack/react-query';
import type { MachineEvent } from '@vigil/contracts';
import { errorMessageOf } from '../../../api/api-error';
import { acknowledgeNotification } from '../../../api/notifications';
import { ACKNOWLEDGE_FAILED, AcknowledgeDialog } from '../../notifications/components/AcknowledgeDialog';

type AcknowledgeAlarmProps = {
  event: MachineEvent;
  siteTitle: string;
  onDone: () => void;
  onCancel: () => void;
};

/** Acknowledges an active alarm of the live view with the notifications page's dialog (optional comment). */
export function AcknowledgeAlarm({ event, siteTitle, onDone, onCancel }: AcknowledgeAlarmProps) {
  const acknowledge = useMutation({
    mutationFn: (comment: string) => acknowledgeNotification(event.id, comment),
    onSuccess: onDone,
  });
  return (
    <AcknowledgeDialog
      row={{
        label: event.event_type,
        site: siteTitle,
        device: event.device_name,
        sensorName: event.sensor_name === '' ? event.full_sensor_id : event.sensor_name,
        content: event.content,
      }}
      isSaving={acknowledge.isPending}
      error={acknowledge.isError ? errorMessageOf(acknowledge.error, ACKNOWLEDGE_FAILED) : null}
      onConfirm={(comment) => acknowledge.mutate(comment)}
      onCancel={onCancel}
    />
  );
}
