import type { MachineSensorJson } from '@vigil/contracts';
import { STALE_STATE_TEXT } from '../../dashboard/dashboard-rules';
import type { SensorView } from './live-state';

/** A bound sensor named so a person can find it (sensor, group, device), with its value and state. */
export function SensorTooltip({
  sensor,
  view,
  pointLabel,
}: {
  sensor: MachineSensorJson['sensor'];
  view: SensorView;
  pointLabel?: string;
}) {
  return (
    <div data-testid="live-point-tooltip">
      <div>
        <strong>{sensor.name}</strong>
        {pointLabel === undefined ? null : ` (${pointLabel})`}
      </div>
      <div>Group: {sensor.group_name === '' ? '—' : sensor.group_name}</div>
      <div>Device: {sensor.device.name}</div>
      <div>
        Value: {view.value}
        {view.unit === '' ? '' : ` ${view.unit}`}
      </div>
      <div>
        State: {view.state}
        {view.isStale && view.state !== STALE_STATE_TEXT ? ' (may be out of date)' : ''}
      </div>
    </div>
  );
}
