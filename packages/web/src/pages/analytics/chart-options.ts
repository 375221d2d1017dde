import type { AlarmSensorData, AlarmTimeData, AlarmTypeData } from '@vigil/contracts';
import type { AnalyticsChartOption } from './analytics-echarts';

/** The three tabs of /analytics (M section 2), in order. */
export const ANALYTICS_TABS = [
  { key: 'sensors', label: 'SENSOR ALARMS SUMMARY' },
  { key: 'hours', label: 'TIME OF THE DAY ALARMS' },
  { key: 'types', label: 'TYPE OF ALARMS' },
] as const;
export type AnalyticsTabKey = (typeof ANALYTICS_TABS)[number]['key'] | 'performance';

const BAR_COLOR = '#d4380d';
const ROW_HEIGHT = 28;

/** Height of the sensor chart: one row per sensor, at least 360 px. */
export function sensorChartHeight(data: AlarmSensorData): number {
  return Math.max(360, data.length * ROW_HEIGHT + 100);
}

/** SENSOR ALARMS SUMMARY: one horizontal bar per sensor, the most alarmed on top. */
export function sensorAlarmsOption(data: AlarmSensorData, subtitle: string): AnalyticsChartOption {
  const rows = [...data].reverse();
  return {
    animation: false,
    title: { text: 'Sensor Alarms Summary', subtext: subtitle, left: 'center' },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 16, right: 48, top: 70, bottom: 24, containLabel: true },
    xAxis: { type: 'value', minInterval: 1, name: 'Alarms' },
    yAxis: {
      type: 'category',
      data: rows.map((row) => row.sensor_name),
      axisLabel: { width: 220, overflow: 'truncate' },
    },
    series: [
      {
        type: 'bar',
        name: 'Alarms',
        data: rows.map((row) => row.y),
        itemStyle: { color: BAR_COLOR },
        barMaxWidth: 24,
        label: { show: true, position: 'right' },
      },
    ],
  };
}

/** '07:00' for hour 7. */
export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/** TIME OF THE DAY ALARMS: alarms per hour of the day (the site's clock). */
export function timeOfDayOption(data: AlarmTimeData, subtitle: string): AnalyticsChartOption {
  return {
    animation: false,
    title: { text: 'Time Of The Day Alarms', subtext: subtitle, left: 'center' },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 16, right: 24, top: 70, bottom: 24, containLabel: true },
    xAxis: {
      type: 'category',
      data: data.map((hour) => hourLabel(hour.name)),
      axisLabel: { interval: 0, rotate: 45 },
    },
    yAxis: { type: 'value', minInterval: 1, name: 'Alarms' },
    series: [
      { type: 'bar', name: 'Alarms', data: data.map((hour) => hour.y), itemStyle: { color: BAR_COLOR } },
    ],
  };
}

/** TYPE OF ALARMS: a pie of the (already relabelled and merged) types, the total in the title. */
export function alarmTypesOption(
  data: AlarmTypeData,
  subtitle: string,
  isNarrow: boolean,
): AnalyticsChartOption {
  const [total, items] = data;
  return {
    animation: false,
    title: { text: `Type Of Alarms (total: ${total})`, subtext: subtitle, left: 'center' },
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { type: 'scroll', bottom: 0 },
    series: [
      {
        type: 'pie',
        name: 'Alarm types',
        radius: isNarrow ? '50%' : '60%',
        center: ['50%', '52%'],
        data: items.map((item) => ({ name: item.name, value: item.y })),
        label: { formatter: '{b}: {c} ({d}%)' },
      },
    ],
  };
}

/** The PNG's name: analytics_{device}_{tab}_{start}_{end}.png (file-safe). */
export function pngNameOf(deviceTitle: string, tab: string, range: { start: string; end: string }): string {
  const safe = (text: string) => text.replace(/[^A-Za-z0-9-]+/g, '_').replace(/^_+|_+$/g, '');
  return `analytics_${safe(deviceTitle)}_${tab}_${safe(range.start)}_${safe(range.end)}.png`;
}

/** The sensor tab's caption: 'N alarms on M sensors'. */
export function sensorCaption(data: AlarmSensorData): string {
  const total = data.reduce((sum, item) => sum + item.y, 0);
  return `${total} alarms on ${data.length} sensors`;
}

/** The hour tab's caption: the busiest hour, or that there was no alarm. */
export function hoursCaption(data: AlarmTimeData): string {
  const busiest = data.reduce<AlarmTimeData[number] | null>(
    (best, hour) => (hour.y > (best?.y ?? 0) ? hour : best),
    null,
  );
  return busiest === null
    ? 'No alarms in the range'
    : `Busiest hour: ${hourLabel(busiest.name)} (${busiest.y} alarms)`;
}

/** The type tab's caption: the total and the number of types. */
export function typesCaption([total, items]: AlarmTypeData): string {
  return `Total: ${total} alarms of ${items.length} types`;
}
