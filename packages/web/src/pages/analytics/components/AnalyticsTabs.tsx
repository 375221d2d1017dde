import { Empty, Tabs } from 'antd';
import { useMemo } from 'react';
import type { AnalyticsReportData } from '../../../api/analytics';
import { useIsTablet } from '../../../hooks/useIsTablet';
import {
  ANALYTICS_TABS,
  type AnalyticsTabKey,
  alarmTypesOption,
  hoursCaption,
  pngNameOf,
  sensorAlarmsOption,
  sensorCaption,
  sensorChartHeight,
  timeOfDayOption,
  typesCaption,
} from '../chart-options';
import { AnalyticsChart } from './AnalyticsChart';

type AnalyticsTabsProps = {
  report: AnalyticsReportData | null;
  deviceTitle: string;
  /** The generated range as shown ('D Mon YYYY'). */
  range: { start: string; end: string } | null;
  activeTab: AnalyticsTabKey;
  onTab: (key: AnalyticsTabKey) => void;
  /** The fourth tab (beyond the spec), when the page offers it. */
  performance?: React.ReactNode;
};

const CHART_HEIGHT = 420;

/** SENSOR ALARMS SUMMARY, TIME OF THE DAY ALARMS and TYPE OF ALARMS (M section 2), each exportable as PNG. */
export function AnalyticsTabs({
  report,
  deviceTitle,
  range,
  activeTab,
  onTab,
  performance,
}: AnalyticsTabsProps) {
  const isNarrow = useIsTablet();
  const subtitle = range === null ? '' : `${deviceTitle}, ${range.start} to ${range.end} (UTC)`;
  const charts = useMemo(() => {
    if (report === null || range === null) {
      return null;
    }
    return {
      sensors: {
        option: sensorAlarmsOption(report.sensors, subtitle),
        height: sensorChartHeight(report.sensors),
        caption: sensorCaption(report.sensors),
      },
      hours: {
        option: timeOfDayOption(report.hours, subtitle),
        height: CHART_HEIGHT,
        caption: hoursCaption(report.hours),
      },
      types: {
        option: alarmTypesOption(report.types, subtitle, isNarrow),
        height: CHART_HEIGHT,
        caption: typesCaption(report.types),
      },
    };
  }, [report, range, subtitle, isNarrow]);

  const items = ANALYTICS_TABS.map(({ key, label }) => ({
    key,
    label,
    children:
      charts === null || range === null ? (
        <Empty description="Choose From and To, then GENERATE REPORT." data-testid="analytics-empty" />
      ) : (
        <AnalyticsChart
          option={charts[key].option}
          height={charts[key].height}
          pngName={pngNameOf(deviceTitle, key, range)}
          testId={`analytics-chart-${key}`}
          caption={charts[key].caption}
        />
      ),
  }));
  const all =
    performance === undefined
      ? items
      : [...items, { key: 'performance' as const, label: 'ALARM PERFORMANCE', children: performance }];
  return (
    <Tabs
      activeKey={activeTab}
      onChange={(key) => onTab(key as AnalyticsTabKey)}
      items={all}
      destroyOnHidden
      data-testid="analytics-tabs"
    />
  );
}
