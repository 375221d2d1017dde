import type { DeviceType, Sensor, VersionInfo } from '@vigil/contracts';
import { SENSOR_STATE_TEXTS } from '@vigil/contracts';

/** Node filter of M section 3: the F500 select offers all three, the checkbox active or all. */
export const NODE_FILTERS = ['active', 'alarmed', 'all'] as const;
export type NodeFilter = (typeof NODE_FILTERS)[number];
export const DEFAULT_NODE_FILTER: NodeFilter = 'active';

export const NODE_FILTER_LABELS: Record<NodeFilter, string> = {
  active: 'Active Nodes',
  alarmed: 'Alarmed Nodes',
  all: 'All Nodes',
};

export const VERSIONS_NOT_AVAILABLE = 'Version information not available';

/** M section 9: F500 and F500-UDF are treated as F500 (node select, nested node groups, System State). */
export function isF500Family(type: DeviceType | string): boolean {
  const upper = type.toUpperCase();
  return upper === 'F500' || upper === 'F500-UDF';
}

/** Why a sensor may be hidden: its Meta.State names it disabled, off or the unused profile 0. */
export type HideReason = 'disabled' | 'off' | 'profile0' | null;

export function hideReasonOf(state: string | null | undefined): HideReason {
  switch (state?.trim()) {
    case SENSOR_STATE_TEXTS.disabled:
      return 'disabled';
    case SENSOR_STATE_TEXTS.off:
      return 'off';
    case SENSOR_STATE_TEXTS.profileZero:
      return 'profile0';
    default:
      return null;
  }
}

/**
 * M section 2: 'System Selected Profile 0' is always hidden; 'Disabled' and 'Off' while the filter hides
 * disabled sensors (active, and alarmed which narrows it).
 */
export function isSensorHidden(reason: HideReason, filter: NodeFilter): boolean {
  if (reason === 'profile0') {
    return true;
  }
  if (reason === null) {
    return false;
  }
  return filter !== 'all';
}

export type StatusTone = 'ok' | 'warning' | 'alarm' | 'muted' | 'stale';

/**
 * The state line of every reading while the device is offline: its last value stays, greyed, but no status
 * (not even OK) is claimed for a sensor nobody hears from (issue 23; docs/decisions.md).
 */
export const STALE_STATE_TEXT = 'Offline';

/** Card colour: OK green, WARNING amber, Alarm (or the alarm flag) red, N/A, Not Scanned and others grey. */
export function statusToneOf(sensor: Pick<Sensor, 'Status' | 'Alarm'>): StatusTone {
  if (sensor.Alarm || sensor.Status === 'Alarm') {
    return 'alarm';
  }
  if (sensor.Status === 'WARNING') {
    return 'warning';
  }
  return sensor.Status === 'OK' ? 'ok' : 'muted';
}

/** A group or sensor counts for the 'alarmed' filter when in alarm or warning. */
export function isAlarmedStatus(status: string, alarm: boolean): boolean {
  return alarm || status === 'Alarm' || status === 'WARNING';
}

/** Minutes shown as h:m (M section 2), e.g. 125 → '2:05'; negative values keep their sign. */
export function formatMinutes(minutes: number): string {
  const whole = Math.round(Math.abs(minutes));
  const text = `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
  return minutes < 0 && whole > 0 ? `-${text}` : text;
}

export type DisplayValue = { value: string; unit: string };

function formatNumber(value: number, decimals: number | null | undefined): string {
  if (decimals === null || decimals === undefined || decimals < 0 || decimals > 10) {
    return String(Math.round(value * 100) / 100);
  }
  return value.toFixed(decimals);
}

/** The reading of a card: NUMERIC with its unit (Minutes as h:m), BOOL and ENUM by their state text. */
export function displayValueOf(sensor: Pick<Sensor, 'Type' | 'Value' | 'Meta'>): DisplayValue {
  const { Value: value, Meta: meta } = sensor;
  if (value === null || value === undefined) {
    return { value: '—', unit: '' };
  }
  if (sensor.Type !== 'NUMERIC' || typeof value === 'boolean') {
    const state = meta.State?.trim();
    if (state) {
      return { value: state, unit: '' };
    }
    return {
      value: value === true || value === 1 ? 'On' : value === false || value === 0 ? 'Off' : String(value),
      unit: '',
    };
  }
  const units = meta.Units?.trim() ?? '';
  if (units.toLowerCase() === 'minutes') {
    return { value: formatMinutes(value), unit: 'h:m' };
  }
  return { value: formatNumber(value, meta.NumDecimalPoints), unit: units };
}

/** The state line of a card: the state text of a NUMERIC sensor, else its status. */
export function stateTextOf(sensor: Pick<Sensor, 'Type' | 'Status' | 'Meta'>): string {
  const state = sensor.Meta.State?.trim();
  if (sensor.Type === 'NUMERIC' && state) {
    return state;
  }
  return sensor.Status;
}

/** The Versions panel: labelled firmware versions, the plain string, or null for the 'not available' text. */
export function versionEntriesOf(info: VersionInfo | null | undefined): Array<[string, string]> | null {
  if (info === null || info === undefined) {
    return null;
  }
  if (typeof info === 'string') {
    return info.trim() === '' ? null : [['Version', info.trim()]];
  }
  const entries = (['Main', 'Btm', 'Gfx', 'CDEP'] as const)
    .map((key): [string, string] => [key, String(info[key] ?? '').trim()])
    .filter(([, value]) => value !== '');
  return entries.length === 0 ? null : entries;
}
