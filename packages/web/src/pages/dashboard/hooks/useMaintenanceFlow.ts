import { DEVICE_MESSAGES, MAINTENANCE_EVENTS, MAINTENANCE_MESSAGES } from '@vigil/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessageOf } from '../../../api/api-error';
import { type CommentKind, canTestSensor, endedKindOf } from '../maintenance-rules';
import { useMaintenance } from './useMaintenance';

export type CommentDialog = { kind: CommentKind; sensorName: string };
type ClickedSensor = { fullId: string; leafId: string; name: string };

/**
 * Maintenance mode's interaction (M section 4): a click starts a test, cancels the tested sensor's test or
 * opens the result of an ended one; an ended test opens its comment dialog once by itself.
 */
export function useMaintenanceFlow(deviceId: number, isOn: boolean) {
  const maintenance = useMaintenance(deviceId, isOn);
  const { openTest, start, submit } = maintenance;
  const [dialog, setDialog] = useState<CommentDialog | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // The ended test whose dialog already opened by itself (closing it must not reopen it every poll).
  const shownEnd = useRef<string | null>(null);

  useEffect(() => {
    const kind = openTest === null ? null : endedKindOf(openTest.state);
    if (!isOn || openTest === null || kind === null) {
      return;
    }
    const key = `${openTest.sensor_id}@${openTest.time}:${openTest.state}`;
    if (shownEnd.current !== key) {
      shownEnd.current = key;
      submit.reset();
      setDialog({ kind, sensorName: openTest.sensor_name });
    }
  }, [isOn, openTest, submit]);

  // A dialog whose test is gone (closed in another tab) closes too.
  useEffect(() => {
    if (openTest === null && maintenance.info.isSuccess && !submit.isPending) {
      setDialog(null);
    }
  }, [openTest, maintenance.info.isSuccess, submit.isPending]);

  const handleSensorClick = useCallback(
    (sensor: ClickedSensor) => {
      setNotice(null);
      if (openTest === null) {
        if (canTestSensor(sensor.leafId) && !start.isPending) {
          start.mutate(
            { fullId: sensor.fullId, name: sensor.name },
            { onError: (error) => setNotice(errorMessageOf(error, DEVICE_MESSAGES.failed)) },
          );
        }
        return;
      }
      if (openTest.sensor_id !== sensor.fullId) {
        setNotice(MAINTENANCE_MESSAGES.restricted(openTest.sensor_name));
        return;
      }
      const ended = endedKindOf(openTest.state);
      if (ended !== null) {
        submit.reset();
        setDialog({ kind: ended, sensorName: openTest.sensor_name });
      } else if (openTest.state === MAINTENANCE_EVENTS.expectAlarmOff) {
        setNotice(MAINTENANCE_MESSAGES.cancelInAlarm);
      } else {
        submit.reset();
        setDialog({ kind: 'cancel', sensorName: openTest.sensor_name });
      }
    },
    [openTest, start, submit],
  );

  // The bar's 'Click to cancel' (M section 4) does what a click on the tested sensor's card does.
  const handlePromptClick = useCallback(() => {
    if (openTest !== null) {
      handleSensorClick({ fullId: openTest.sensor_id, leafId: '', name: openTest.sensor_name });
    }
  }, [openTest, handleSensorClick]);

  const handleSubmit = useCallback(
    (comment: string) => {
      if (dialog === null || openTest === null) {
        return;
      }
      submit.mutate({ kind: dialog.kind, comment, test: openTest }, { onSuccess: () => setDialog(null) });
    },
    [dialog, openTest, submit],
  );

  const openResult = useCallback(() => {
    const kind = openTest === null ? null : endedKindOf(openTest.state);
    if (openTest !== null && kind !== null) {
      submit.reset();
      setDialog({ kind, sensorName: openTest.sensor_name });
    }
  }, [openTest, submit]);

  return {
    maintenance,
    dialog,
    closeDialog: () => setDialog(null),
    dialogError: submit.isError ? errorMessageOf(submit.error, DEVICE_MESSAGES.failed) : null,
    notice,
    clearNotice: () => setNotice(null),
    handleSensorClick,
    handlePromptClick,
    handleSubmit,
    openResult,
  };
}
