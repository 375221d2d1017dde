import { useQuery } from '@tanstack/react-query';
import type { Device } from '@vigil/contracts';
import { useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { deviceKeys, getDevice } from '../../api/devices';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { usePageTitle } from '../../hooks/usePageTitle';
import { DashboardLoader, DashboardLoadFailed, NoDeviceSelected } from './components/DashboardStates';
import { DashboardView } from './components/DashboardView';
import { MAINTENANCE_MODE_QUERY, MAINTENANCE_MODE_VALUE } from './dashboard-paths';
import { useDeviceFeed } from './hooks/useDeviceFeed';
import { useDeviceReads } from './hooks/useDeviceReads';
import { useInitialHold } from './hooks/useInitialHold';
import { useLinkedDevice } from './hooks/useLinkedDevice';
import { useSensorDisplay } from './hooks/useSensorDisplay';
import { createSensorStore } from './sensor-store';

/**
 * The dashboard shows last_seen_at only while the device is offline, when it no longer changes: online it
 * changes on every read, and without it a re-read that changed nothing shown keeps the same object (React
 * Query shares equal results) and renders nothing.
 */
function withoutLastSeen(device: Device): Device {
  return device.is_online ? { ...device, last_seen_at: null } : device;
}

/**
 * /dashboard: the current device's live sensors; `?mode=maintenance` is the Maintenance tab (M section 2);
 * `?device=<id>` (links of e-mail alerts and notifications) first makes that device the current one.
 */
export function DashboardPage() {
  const me = useCurrentUser();
  const current = me.current_device;
  const linked = useLinkedDevice(current?.id ?? null);
  usePageTitle(current === null ? 'Sensor Dashboard' : `${current.title} - Dashboard`);
  if (linked === 'selecting') {
    return <DashboardLoader />;
  }
  if (linked === 'failed') {
    return <DashboardLoadFailed isSuperuser={me.is_superuser} />;
  }
  if (current === null) {
    return <NoDeviceSelected />;
  }
  return <LiveDashboard key={current.id} deviceId={current.id} udfId={current.udf_id} />;
}

function LiveDashboard({ deviceId, udfId }: { deviceId: number; udfId: string }) {
  const me = useCurrentUser();
  const [searchParams] = useSearchParams();
  const isMaintenance = searchParams.get(MAINTENANCE_MODE_QUERY) === MAINTENANCE_MODE_VALUE;
  const [store] = useState(createSensorStore);
  const device = useQuery({
    queryKey: deviceKeys.one(deviceId),
    queryFn: ({ signal }) => getDevice(deviceId, signal),
    select: withoutLastSeen,
  });
  const layout = useSyncExternalStore(store.subscribeLayout, store.getLayout);
  // Asked for now, beside the device and the feed, not once the view mounts (one request after another).
  const display = useSensorDisplay(deviceId);
  const isHolding = useInitialHold(device.data !== undefined && layout !== null && !display.isPending);
  // Read again so the offline text follows is_online: often only while it may be about to change.
  useDeviceReads(device, store);
  const feedStatus = useDeviceFeed(udfId, store);
  if (device.isError && device.data === undefined) {
    return <DashboardLoadFailed isSuperuser={me.is_superuser} />;
  }
  if (isHolding || device.data === undefined) {
    return <DashboardLoader />;
  }
  return (
    <DashboardView
      device={device.data}
      store={store}
      mode={isMaintenance ? 'maintenance' : 'live'}
      snapshotTimestamp={null}
      feedStatus={feedStatus}
    />
  );
}
