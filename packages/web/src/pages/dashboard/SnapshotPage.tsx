import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { getHistoricalTree } from '../../api/dashboard';
import { deviceKeys, getDevice } from '../../api/devices';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { usePageTitle } from '../../hooks/usePageTitle';
import { DashboardLoader, DashboardLoadFailed, NoDeviceSelected } from './components/DashboardStates';
import { DashboardView } from './components/DashboardView';
import { DASHBOARD_PATH, parseRecordId } from './dashboard-paths';
import { useInitialHold } from './hooks/useInitialHold';
import { useSensorDisplay } from './hooks/useSensorDisplay';
import { createSensorStore } from './sensor-store';

/**
 * /dashboard/historical/snapshot/:timestamp?record=<id>: the stored tree of one record, drawn by the
 * dashboard's own components, with no live feed. Without a record id it is not in snapshot mode: /dashboard.
 */
export function SnapshotPage() {
  const me = useCurrentUser();
  const { timestamp = '' } = useParams();
  const recordId = parseRecordId(useSearchParams()[0].get('record'));
  usePageTitle('Historical Snapshot');
  if (recordId === null) {
    return <Navigate to={DASHBOARD_PATH} replace />;
  }
  if (me.current_device === null) {
    return <NoDeviceSelected />;
  }
  return <Snapshot deviceId={me.current_device.id} recordId={recordId} timestamp={timestamp} />;
}

function Snapshot({
  deviceId,
  recordId,
  timestamp,
}: {
  deviceId: number;
  recordId: number;
  timestamp: string;
}) {
  const me = useCurrentUser();
  const device = useQuery({
    queryKey: deviceKeys.one(deviceId),
    queryFn: ({ signal }) => getDevice(deviceId, signal),
  });
  const tree = useQuery({
    queryKey: [...deviceKeys.one(deviceId), 'snapshot', recordId],
    queryFn: ({ signal }) => getHistoricalTree(deviceId, recordId, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const store = useMemo(() => {
    const snapshot = createSensorStore();
    if (tree.data !== undefined) {
      snapshot.setTree(tree.data);
    }
    return snapshot;
  }, [tree.data]);
  const display = useSensorDisplay(deviceId);
  const isHolding = useInitialHold(
    device.data !== undefined && tree.data !== undefined && !display.isPending,
  );
  if (device.isError || tree.isError) {
    return <DashboardLoadFailed isSuperuser={me.is_superuser} />;
  }
  if (isHolding || device.data === undefined || tree.data === undefined) {
    return <DashboardLoader />;
  }
  return (
    <DashboardView
      device={device.data}
      store={store}
      mode="snapshot"
      snapshotTimestamp={timestamp}
      feedStatus={null}
    />
  );
}
