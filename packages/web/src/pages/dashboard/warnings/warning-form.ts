import {
  WARNINGS_MESSAGES,
  type Warning,
  WarningInputSchema,
  type WarningSign,
  type WarningsSave,
  WarningsSaveSchema,
} from '@vigil/contracts';
import type { DeviceSensorGroups } from '../../../api/warnings';

/** One row of the Edit Warnings form; blank until the person fills it. */
export type WarningRow = {
  sensor_id?: string;
  sign?: WarningSign;
  value?: string;
  delay_seconds?: number | null;
};

export type SensorOption = { label: string; value: string };
export type SensorOptionGroup = { label: string; title: string; options: SensorOption[] };

/** The form's rows for the saved warnings (values as the text the person edits). */
export function rowsOfWarnings(warnings: readonly Warning[]): WarningRow[] {
  return warnings.map((warning) => ({
    sensor_id: warning.sensor_id,
    sign: warning.sign,
    value: String(warning.value),
    delay_seconds: warning.delay_seconds,
  }));
}

/** The POST body for the rows, through the contract's own schema (numbers from text, ids trimmed). */
export function payloadOfRows(rows: readonly WarningRow[]): WarningsSave {
  return WarningsSaveSchema.parse(
    rows.map((row) => ({
      sensor_id: row.sensor_id ?? '',
      sign: row.sign,
      value: row.value ?? '',
      delay_seconds: row.delay_seconds ?? null,
    })),
  );
}

/** The contract's message for a value or a delay the server would refuse, or null when it takes it. */
export function fieldProblem(field: 'value' | 'delay_seconds', input: unknown): string | null {
  const result = WarningInputSchema.shape[field].safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? WARNINGS_MESSAGES.valueRequired);
}

/**
 * Sensor choices by group (GET devices/{id}/sensors/, by full dotted id). A saved warning's sensor that the latest tree no longer
 * has stays choosable under 'Other sensors' with the name the server gave it, so the row still shows it.
 */
export function sensorOptionsOf(
  groups: DeviceSensorGroups,
  warnings: readonly Warning[],
): SensorOptionGroup[] {
  const known = new Set(groups.flatMap((group) => group.sensors.map((sensor) => sensor.full_id)));
  const options: SensorOptionGroup[] = groups
    .filter((group) => group.sensors.length > 0)
    .map((group) => ({
      label: group.name,
      title: group.name,
      // Saved warnings name their sensor by the full dotted id (the tree's leaf ids repeat across groups).
      options: group.sensors.map((sensor) => ({ label: sensor.name, value: sensor.full_id })),
    }));
  const missing = new Map<string, string>();
  for (const warning of warnings) {
    if (!known.has(warning.sensor_id)) {
      missing.set(warning.sensor_id, warning.name);
    }
  }
  if (missing.size > 0) {
    options.push({
      label: 'Other sensors',
      title: 'Other sensors',
      options: [...missing].map(([value, label]) => ({ label, value })),
    });
  }
  return options;
}
