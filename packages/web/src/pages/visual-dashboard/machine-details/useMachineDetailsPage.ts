import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { isNotFound } from '../../../api/api-error';
import { siteQuery } from '../../../api/sites';
import {
  lastTimeInAlarmQuery,
  machineEventsQuery,
  machineGraphsQuery,
  machineQuery,
} from '../../../api/visual-dashboard';
import { useLiveReadings } from '../diagram/live-readings';
import { freshnessOfKey, offlineDevicesKey } from '../live-view/live-state';
import {
  isForbidden,
  LIVE_VIEW_REFRESH_MS,
  retryUnlessFinal,
  timeZoneOf,
} from '../live-view/useSchemaDetailsPage';

const positiveId = (text: string | undefined) => {
  const id = Number(text);
  return Number.isInteger(id) && id > 0 ? id : 0;
};

/**
 * .../tabs/:tabId/machines/:machineId/ (M section 4 'Machine details'): on open loads the machine, its last time
 * in alarm, maintenance and notifications (and its graphs), opens the machine's socket and closes it on leave.
 */
export function useMachineDetailsPage() {
  const params = useParams();
  const siteId = positiveId(params.siteId);
  const schemaId = positiveId(params.schemaId);
  const tabId = positiveId(params.tabId);
  const machineId = positiveId(params.machineId);
  const isValid = machineId > 0;
  const part = { enabled: isValid, retry: retryUnlessFinal };
  const site = useQuery({ ...siteQuery(siteId), enabled: siteId > 0, refetchInterval: LIVE_VIEW_REFRESH_MS });
  const machine = useQuery({ ...machineQuery(machineId), ...part });
  const lastAlarms = useQuery({ ...lastTimeInAlarmQuery(machineId), ...part });
  const notifications = useQuery({
    ...machineEventsQuery(machineId, 'notifications'),
    ...part,
    refetchInterval: LIVE_VIEW_REFRESH_MS,
  });
  const maintenance = useQuery({ ...machineEventsQuery(machineId, 'maintenance'), ...part });
  const graphs = useQuery({ ...machineGraphsQuery(machineId), ...part });
  const live = useLiveReadings(isValid ? { kind: 'machine', id: machineId } : null);
  const devices = site.data?.devices;
  // Keyed on which devices are offline, not on the site's answer, which is a new object every 30 s.
  const offlineKey = offlineDevicesKey(devices ?? []);
  const isLive = live.status === 'live';
  const freshness = useMemo(() => freshnessOfKey(isLive, offlineKey), [isLive, offlineKey]);
  const detail = machine.data;
  // The route's ids must name where the machine is; another schema's or site's machine is not found here.
  const isMisplaced =
    detail !== undefined &&
    (detail.schema.id !== schemaId || detail.schema_tab.id !== tabId || detail.schema.location.id !== siteId);
  return {
    siteId,
    schemaId,
    tabId,
    site: site.data ?? null,
    machine: detail ?? null,
    lastAlarms,
    notifications,
    maintenance,
    graphs,
    readings: live.readings,
    socketStatus: live.status,
    freshness,
    timeZone: timeZoneOf(site.data?.timezone),
    isForbidden: isForbidden(site.error) || isForbidden(machine.error),
    isNotFound:
      !isValid || siteId === 0 || isNotFound(site.error) || isNotFound(machine.error) || isMisplaced,
    error: site.error ?? machine.error ?? null,
    isLoading: site.isPending || machine.isPending,
  };
}

export type MachineDetailsPageState = ReturnType<typeof useMachineDetailsPage>;
