import type { GroupMeta, Sensor } from '@vigil/contracts';

/** The System State panel's facts, in order (M section 2). */
export const SYSTEM_FACT_LABELS = [
  'Network',
  'Status',
  'Active nodes',
  'Active blocks',
  'Activity counter',
] as const;

const NO_VALUE = '—';

/** The text a System State sensor carries: its state text, else its value. */
function sensorText(sensor: Sensor | undefined): string {
  if (sensor === undefined) {
    return NO_VALUE;
  }
  return sensor.Meta?.State?.trim() || (sensor.Value === null ? NO_VALUE : String(sensor.Value));
}

const metaText = (value: number | null | undefined) =>
  value === null || value === undefined ? NO_VALUE : String(value);

/** The texts of SYSTEM_FACT_LABELS from the network and status sensors and the group's Meta. */
export function systemFactsOf(
  network: Sensor | undefined,
  status: Sensor | undefined,
  meta: GroupMeta | null,
): string[] {
  return [
    sensorText(network),
    sensorText(status),
    metaText(meta?.Nodes),
    metaText(meta?.Blocks),
    metaText(meta?.Activity),
  ];
}
