import { canEditSite, type Device } from '@vigil/contracts';
import { Alert, App, Tag } from 'antd';
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { fixNotifications } from '../../../api/dashboard';
import { useCurrentUser } from '../../../hooks/useCurrentUser';
import { labelSiteWallClock } from '../../../time/site-time';
import { useSiteTimeZone } from '../../../time/useSiteTimeZone';
import { ShelveDialog } from '../../shelving/ShelveDialog';
import styles from '../dashboard.module.css';
import { DashboardContext, type DashboardContextValue, type DashboardMode } from '../dashboard-context';
import { DASHBOARD_MESSAGES } from '../dashboard-messages';
import { DEFAULT_NODE_FILTER, isF500Family, type NodeFilter } from '../dashboard-rules';
import type { FeedStatus } from '../hooks/feed-connection';
import { useDeviceShelves } from '../hooks/useDeviceShelves';
import { useMaintenanceFlow } from '../hooks/useMaintenanceFlow';
import { useProofTests } from '../hooks/useProofTests';
import { useSensorDisplay } from '../hooks/useSensorDisplay';
import { useSensorGraphLink } from '../hooks/useSensorGraphLink';
import type { SensorStore } from '../sensor-store';
import { DashboardFilter } from './DashboardFilter';
import { DashboardHeader } from './DashboardHeader';
import { HistoricalDataModal } from './HistoricalDataModal';
import { MaintenanceBar } from './MaintenanceBar';
import { MaintenanceCommentDialog } from './MaintenanceCommentDialog';
import { OfflineBanner } from './OfflineBanner';
import { ProofTestSummary } from './ProofTestSummary';
import { SensorGroups } from './SensorGroups';
import { WarningsModal } from './WarningsModal';

type DashboardViewProps = {
  device: Device;
  store: SensorStore;
  mode: DashboardMode;
  /** The record's 'YYYY-MM-DD HH:MM:SS' in snapshot mode: the site's wall clock, shown labelled with its zone. */
  snapshotTimestamp: string | null;
  feedStatus: FeedStatus | null;
};

/** The dashboard of one device, live, in maintenance mode or as a snapshot: one set of components for all. */
export const DashboardView = memo(function DashboardView({
  device,
  store,
  mode,
  snapshotTimestamp,
  feedStatus,
}: DashboardViewProps) {
  const me = useCurrentUser();
  const { message } = App.useApp();
  const canEdit = canEditSite(me, me.locations_roles[String(device.location)]);
  const isMaintenance = mode === 'maintenance' && canEdit;
  const [filter, setFilter] = useState<NodeFilter>(DEFAULT_NODE_FILTER);
  const [modal, setModal] = useState<'historical' | 'warnings' | null>(null);
  const flow = useMaintenanceFlow(device.id, isMaintenance);
  const test = isMaintenance ? flow.maintenance.openTest : null;
  const deviceType = device.is_emulated_as ?? device.device_type;
  const isOffline = mode !== 'snapshot' && !device.is_online;
  const timeZone = useSiteTimeZone();
  const openGraph = useSensorGraphLink(device.id, isF500Family(deviceType));
  const { handleSensorClick } = flow;
  // Without settings (still loading, or refused) the tree's own names, units and images show.
  const display = useSensorDisplay(device.id);
  const settings = display.data ?? null;
  const proofTests = useProofTests(device.id, mode !== 'snapshot', isMaintenance);
  // Cards show their marks in maintenance mode only, so the live view's cards never re-render for them.
  const proofMarks = isMaintenance ? proofTests.marks : null;
  const shelving = useDeviceShelves(device.location, device.id, mode !== 'snapshot');
  const canShelve = canEdit && mode === 'live';
  const { openDialog, askUnshelve } = shelving;

  const handleClick: DashboardContextValue['onSensorClick'] = (sensor) => {
    if (isMaintenance) {
      handleSensorClick(sensor);
      return;
    }
    void openGraph(sensor.fullId, mode === 'snapshot' ? snapshotTimestamp : null);
  };
  // One function for the page's life, calling the latest handler: a new one each render would change the
  // context and re-render every card.
  const latestClick = useRef(handleClick);
  useLayoutEffect(() => {
    latestClick.current = handleClick;
  });
  const onSensorClick = useCallback<DashboardContextValue['onSensorClick']>(
    (sensor) => latestClick.current(sensor),
    [],
  );

  const context = useMemo<DashboardContextValue>(
    () => ({
      store,
      mode: isMaintenance ? 'maintenance' : mode === 'maintenance' ? 'live' : mode,
      testedId: test?.sensor_id ?? null,
      testState: test?.state ?? null,
      isStale: isOffline,
      settings,
      proofTests: proofMarks,
      onSensorClick,
      shelves: mode === 'snapshot' ? null : shelving.shelves,
      timeZone,
      canShelve,
      onShelveClick: openDialog,
      onUnshelveClick: askUnshelve,
    }),
    [
      store,
      isMaintenance,
      mode,
      test?.sensor_id,
      test?.state,
      isOffline,
      settings,
      proofMarks,
      onSensorClick,
      shelving.shelves,
      timeZone,
      canShelve,
      openDialog,
      askUnshelve,
    ],
  );

  const handleFix = async () => {
    try {
      await fixNotifications(device.id);
      message.success(DASHBOARD_MESSAGES.fixNotificationsDone);
    } catch {
      message.error(DASHBOARD_MESSAGES.fixNotificationsFailed);
    }
  };

  return (
    <DashboardContext.Provider value={context}>
      <div className="page" data-testid="dashboard">
        <DashboardHeader
          device={device}
          siteTitle={me.current_location?.title ?? null}
          mode={context.mode}
          canEdit={canEdit}
          isSuperuser={me.is_superuser}
          onOpenHistorical={() => setModal('historical')}
          onOpenWarnings={() => setModal('warnings')}
          onFixNotifications={() => void handleFix()}
        />
        <div className={styles.banners}>
          {mode === 'snapshot' && snapshotTimestamp !== null ? (
            <Alert
              type="error"
              showIcon
              title={DASHBOARD_MESSAGES.snapshotBanner(labelSiteWallClock(snapshotTimestamp, timeZone))}
              data-testid="snapshot-banner"
            />
          ) : null}
          {isOffline ? <OfflineBanner lastSeenAt={device.last_seen_at} timeZone={timeZone} /> : null}
          {feedStatus === 'reconnecting' ? (
            <Alert
              type="warning"
              showIcon
              title={DASHBOARD_MESSAGES.reconnecting}
              description={DASHBOARD_MESSAGES.reconnectingDetail}
              data-testid="feed-reconnecting"
            />
          ) : null}
          {feedStatus === 'forbidden' ? (
            <Alert type="error" showIcon title={DASHBOARD_MESSAGES.forbidden} data-testid="feed-forbidden" />
          ) : null}
          {isMaintenance ? (
            <MaintenanceBar
              test={test}
              receivedAt={flow.maintenance.receivedAt}
              isLoading={flow.maintenance.info.isLoading}
              onPromptClick={flow.handlePromptClick}
              onOpenResult={flow.openResult}
            />
          ) : null}
          {isMaintenance && flow.notice !== null ? (
            <Alert
              type="warning"
              showIcon
              closable={{ onClose: flow.clearNotice }}
              title={flow.notice}
              data-testid="maintenance-notice"
            />
          ) : null}
        </div>
        <div className={styles.toolbar}>
          <span className={styles.toolbarStart}>
            <DashboardFilter isF500={isF500Family(deviceType)} value={filter} onChange={setFilter} />
            {isOffline ? (
              <Tag color="default" data-testid="feed-offline">
                {DASHBOARD_MESSAGES.offlineBadge}
              </Tag>
            ) : feedStatus === 'live' ? (
              <Tag color="green" data-testid="feed-live">
                Live
              </Tag>
            ) : null}
          </span>
          {mode === 'snapshot' ? null : (
            <ProofTestSummary siteId={device.location} summary={proofTests.summary} />
          )}
        </div>
        <SensorGroups filter={filter} deviceType={deviceType} />
      </div>
      {isMaintenance && flow.dialog !== null ? (
        <MaintenanceCommentDialog
          key={`${flow.dialog.kind}:${flow.dialog.sensorName}`}
          kind={flow.dialog.kind}
          sensorName={flow.dialog.sensorName}
          isSubmitting={flow.maintenance.submit.isPending}
          error={flow.dialogError}
          onSubmit={flow.handleSubmit}
          onClose={flow.closeDialog}
        />
      ) : null}
      {canShelve && shelving.dialog !== null ? (
        <ShelveDialog
          siteId={device.location}
          timeZone={timeZone}
          sensor={{ deviceId: device.id, ...shelving.dialog }}
          onClose={shelving.closeDialog}
          onShelved={(summary) => {
            shelving.closeDialog();
            message.success(summary);
          }}
        />
      ) : null}
      <HistoricalDataModal open={modal === 'historical'} onClose={() => setModal(null)} device={device} />
      {canEdit ? (
        <WarningsModal open={modal === 'warnings'} onClose={() => setModal(null)} device={device} />
      ) : null}
    </DashboardContext.Provider>
  );
});
