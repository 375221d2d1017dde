import { useMutation, useQuery } from '@tanstack/react-query';
import { ANALYTICS_DEVICE_TYPES, ANALYTICS_MESSAGES, formatAnalyticsDate, isStaff } from '@vigil/contracts';
import { Alert, Empty, Result } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { type AnalyticsRange, getAnalyticsReport } from '../../api/analytics';
import { errorMessageOf } from '../../api/api-error';
import { deviceQuery } from '../../api/devices';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useSiteTimeZone } from '../../time/useSiteTimeZone';
import styles from './analytics.module.css';
import { defaultAnalyticsRange } from './analytics-range';
import type { AnalyticsTabKey } from './chart-options';
import { AlarmPerformancePanel } from './components/AlarmPerformancePanel';
import { AnalyticsHeader } from './components/AnalyticsHeader';
import { AnalyticsTabs } from './components/AnalyticsTabs';
import { AnalyticsToolbar } from './components/AnalyticsToolbar';
import { useAnalyticsAlert } from './hooks/useAnalyticsAlert';

/** A local calendar day as the UTC day of the same date, for 'D Mon YYYY'. */
const shownDay = (day: Date) =>
  formatAnalyticsDate(new Date(Date.UTC(day.getFullYear(), day.getMonth(), day.getDate())));

/** /analytics (M sections 2, 5, 8, 9): alarm reports of the current device for super users and OEM. */
export function AnalyticsPage() {
  const me = useCurrentUser();
  usePageTitle(me.current_device === null ? 'Analytics' : `${me.current_device.title} - Analytics`);
  if (!isStaff(me)) {
    return (
      <div className="page">
        <Result status="403" title={ANALYTICS_MESSAGES.notAllowed} data-testid="analytics-not-allowed" />
      </div>
    );
  }
  return <AnalyticsReports key={me.current_device?.id ?? 0} />;
}

function AnalyticsReports() {
  const me = useCurrentUser();
  const device = me.current_device;
  const timeZone = useSiteTimeZone();
  const [initialRange] = useState(() => defaultAnalyticsRange(new Date(), timeZone));
  const [from, setFrom] = useState<Dayjs | null>(() => dayjs(initialRange.start));
  const [to, setTo] = useState<Dayjs | null>(() => dayjs(initialRange.end));
  const [activeTab, setActiveTab] = useState<AnalyticsTabKey>('sensors');
  const [shownRange, setShownRange] = useState<{ start: string; end: string } | null>(null);
  const { alert, showAlert, clearAlert } = useAnalyticsAlert();
  const hasAnalytics = device !== null && ANALYTICS_DEVICE_TYPES.includes(device.device_type);
  // The fourth tab reports on the device's site.
  const deviceRow = useQuery({
    ...deviceQuery(device?.id ?? 0),
    enabled: device !== null,
  });
  const siteId = deviceRow.data?.location ?? null;

  const report = useMutation({
    mutationFn: (range: AnalyticsRange & { deviceId: number }) => getAnalyticsReport(range.deviceId, range),
    onSuccess: (_data, range) => setShownRange({ start: shownDay(range.start), end: shownDay(range.end) }),
    onError: (error) => showAlert('error', errorMessageOf(error, ANALYTICS_MESSAGES.fetchError)),
  });

  // M sections 5 and 8: without a device the report cannot be generated; say so on arrival.
  useEffect(() => {
    if (device === null) {
      showAlert('noDevice');
    }
  }, [device, showAlert]);

  // Both dates are filled on arrival: the report of the default range is generated at once (issue 23).
  const isGeneratedOnOpen = useRef(false);
  const generate = report.mutate;
  useEffect(() => {
    if (isGeneratedOnOpen.current || device === null || !hasAnalytics || from === null || to === null) {
      return;
    }
    isGeneratedOnOpen.current = true;
    generate({ deviceId: device.id, start: from.toDate(), end: to.toDate() });
  }, [device, hasAnalytics, from, to, generate]);

  const handleGenerate = () => {
    if (device === null) {
      showAlert('noDevice');
      return;
    }
    if (from === null || to === null) {
      return;
    }
    report.mutate({ deviceId: device.id, start: from.toDate(), end: to.toDate() });
  };

  return (
    <div className="page" data-testid="analytics-page">
      <AnalyticsHeader siteTitle={me.current_location?.title ?? null} deviceTitle={device?.title ?? null} />
      {alert === null ? null : (
        <div className={styles.alerts}>
          <Alert
            type={alert.type}
            showIcon
            closable={{ onClose: clearAlert, 'aria-label': 'Close' }}
            title={alert.text}
            data-testid={`analytics-alert-${alert.kind}`}
          />
        </div>
      )}
      {device !== null && !hasAnalytics ? (
        <Alert
          type="info"
          showIcon
          title={ANALYTICS_MESSAGES.deviceType}
          data-testid="analytics-device-type"
        />
      ) : null}
      <AnalyticsToolbar
        from={from}
        to={to}
        hasDevice={device !== null && hasAnalytics}
        isLoading={report.isPending}
        timeZone={timeZone}
        onFrom={setFrom}
        onTo={setTo}
        onGenerate={handleGenerate}
      />
      <AnalyticsTabs
        report={report.data ?? null}
        deviceTitle={device?.title ?? ''}
        range={shownRange}
        activeTab={activeTab}
        onTab={setActiveTab}
        performance={
          shownRange === null || siteId === null ? (
            <Empty description="Choose From and To, then GENERATE REPORT." />
          ) : (
            <AlarmPerformancePanel siteId={siteId} days={shownRange} />
          )
        }
      />
    </div>
  );
}
