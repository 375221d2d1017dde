import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAINTENANCE_EVENTS, MAINTENANCE_NO_COMMENT, type MaintenanceInfoEntry } from '@vigil/contracts';
import { useCallback, useRef } from 'react';
import { deviceKeys } from '../../../api/devices';
import { getMaintenanceInfo, postMaintenanceStep } from '../../../api/maintenance';
import { COMMENT_EVENT, type CommentKind, findOpenTest } from '../maintenance-rules';

/** M section 4 'Live data': the dashboard follows the server's test state by polling every 2 s. */
const POLL_MS = 2_000;

export function maintenanceQueryKey(deviceId: number) {
  return ['devices', 'one', deviceId, 'maintenance-info'] as const;
}

export type MaintenanceTarget = { fullId: string; name: string };

/**
 * Maintenance mode of a device: the open test (polled while the mode is on, so a test started in another
 * tab or before a reload shows), and the steps a person takes. The server runs the state machine.
 */
export function useMaintenance(deviceId: number | null, isOn: boolean) {
  const queryClient = useQueryClient();
  // When the browser received the info, to count down on the server's clock (server_time).
  const receivedAt = useRef(0);
  const info = useQuery({
    queryKey: maintenanceQueryKey(deviceId ?? 0),
    queryFn: async ({ signal }) => {
      const answer = await getMaintenanceInfo(deviceId ?? 0, signal);
      receivedAt.current = Date.now();
      return answer;
    },
    enabled: isOn && deviceId !== null,
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: false,
  });
  const openTest: MaintenanceInfoEntry | null = findOpenTest(info.data);

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: maintenanceQueryKey(deviceId ?? 0) }),
    [queryClient, deviceId],
  );

  const start = useMutation({
    mutationFn: (target: MaintenanceTarget) =>
      postMaintenanceStep(deviceId ?? 0, {
        event_type: MAINTENANCE_EVENTS.expectAlarmOn,
        sensor_id: target.fullId,
        sensor_name: target.name,
        comment: MAINTENANCE_NO_COMMENT,
        maintenance_time: Date.now(),
      }),
    onSettled: refresh,
  });

  const submit = useMutation({
    mutationFn: ({
      kind,
      comment,
      test,
    }: {
      kind: CommentKind;
      comment: string;
      test: MaintenanceInfoEntry;
    }) =>
      postMaintenanceStep(deviceId ?? 0, {
        event_type: COMMENT_EVENT[kind],
        sensor_id: test.sensor_id,
        sensor_name: test.sensor_name,
        comment: comment.trim() === '' ? MAINTENANCE_NO_COMMENT : comment.trim(),
        maintenance_time: Date.now(),
      }),
    onSettled: async () => {
      // A closed test may prove its sensor: the proof-test marks and summary follow at once.
      await queryClient.invalidateQueries({ queryKey: [...deviceKeys.one(deviceId ?? 0), 'proof-tests'] });
      await refresh();
    },
  });

  return { info, openTest, receivedAt: receivedAt.current, start, submit };
}

export type MaintenanceState = ReturnType<typeof useMaintenance>;
