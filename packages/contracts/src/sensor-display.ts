import { z } from 'zod';
import { DeviceTypeSchema } from './devices';
import type { Sensor, SensorType } from './realtime';
import { ConfigurableSensorTypeSchema, DegreesSchema, NETWORK_NUMBERS } from './sensor-settings';

/**
 * What a sensor shows, everywhere (dashboard, graphs, notifications, e-mails): one pure rule over the device's
 * sensor settings (docs/sensor-settings.md 'Display rules'). GET devices/{id}/settings/display/ answers the
 * settings in the shape this rule takes.
 */

export const SensorTypeSettingSchema = z.object({
  type: ConfigurableSensorTypeSchema,
  unit_id: z.number().int().nullable().describe('An id of ie-node-units/'),
  unit: z.string().nullable().describe("The unit's name"),
  k: z.number(),
  c: z.number(),
});
export type SensorTypeSetting = z.infer<typeof SensorTypeSettingSchema>;

/** GET devices/{id}/settings/display/: every display setting of a device, keyed by full dotted sensor id. */
export const SensorDisplaySettingsSchema = z.object({
  device_type: DeviceTypeSchema,
  degrees: DegreesSchema.nullable().describe('F500-UDF: temperatures shown in °F or °C; null: as reported'),
  networks: z.record(z.string(), z.string()).describe("F500-UDF: network number '1'..'4' → custom name"),
  names: z.record(z.string(), z.string()).describe('Full sensor id → custom name'),
  types: z
    .record(z.string(), SensorTypeSettingSchema)
    .describe('Full sensor id → type, unit, k, c (0005/0006)'),
  images: z
    .record(z.string(), z.object({ image_type: z.string(), url: z.string() }))
    .describe("Full sensor id → chosen image; absent: 'Default image'"),
});
export type SensorDisplaySettings = z.infer<typeof SensorDisplaySettingsSchema>;

export type SensorDisplay = {
  /** The custom name, or the device's own Name. */
  name: string;
  /** The device's own Name. */
  label: string;
  /** BOOL: 1/0; NUMERIC with a type set: value × k + c; temperatures converted to the chosen degrees. */
  value: number | boolean | null;
  unit: string | null;
  /** The type the value is shown as (a set type wins over the tree's Type). */
  type: SensorType;
  /** The chosen image type and its URL, or null for the default image. */
  imageType: string | null;
  imageUrl: string | null;
};

const FAHRENHEIT = '°F';
const CELSIUS = '°C';

function round(value: number, decimals: number | null | undefined): number {
  const places = Math.min(Math.max(decimals ?? 2, 0), 6);
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
}

function numeric(value: Sensor['Value']): number | null {
  if (value === null) {
    return null;
  }
  return typeof value === 'boolean' ? (value ? 1 : 0) : value;
}

/** °F ↔ °C when the device's degrees differ from the reported unit; other units unchanged. */
function convertDegrees(
  value: number | null,
  unit: string | null,
  degrees: SensorDisplaySettings['degrees'],
): { value: number | null; unit: string | null; converted: boolean } {
  const wanted = degrees === 'C' ? CELSIUS : degrees === 'F' ? FAHRENHEIT : null;
  if (wanted === null || (unit !== FAHRENHEIT && unit !== CELSIUS) || unit === wanted) {
    return { value, unit, converted: false };
  }
  if (value === null) {
    return { value, unit: wanted, converted: true };
  }
  const next = wanted === CELSIUS ? ((value - 32) * 5) / 9 : (value * 9) / 5 + 32;
  return { value: next, unit: wanted, converted: true };
}

/** What to show for the sensor `fullId` of a tree, under the device's settings (none: as the device reports). */
export function displaySensor(
  fullId: string,
  sensor: Sensor,
  settings?: SensorDisplaySettings | null,
): SensorDisplay {
  const image = settings?.images[fullId];
  const base = {
    name: settings?.names[fullId] ?? sensor.Name,
    label: sensor.Name,
    imageType: image?.image_type ?? null,
    imageUrl: image?.url ?? null,
  };
  const setting = settings?.types[fullId];
  if (setting?.type === 'BOOL') {
    const reading = numeric(sensor.Value);
    return { ...base, type: 'BOOL', value: reading === null ? null : reading !== 0 ? 1 : 0, unit: null };
  }
  let value: number | boolean | null = sensor.Value;
  let unit = sensor.Meta.Units ?? null;
  let changed = false;
  if (setting?.type === 'NUMERIC') {
    const reading = numeric(sensor.Value);
    value = reading === null ? null : reading * setting.k + setting.c;
    unit = setting.unit ?? unit;
    changed = setting.k !== 1 || setting.c !== 0;
  }
  if (typeof value !== 'boolean') {
    const converted = convertDegrees(value, unit, settings?.degrees ?? null);
    value = converted.value;
    unit = converted.unit;
    changed = changed || converted.converted;
  }
  if (changed && typeof value === 'number') {
    value = round(value, sensor.Meta.NumDecimalPoints);
  }
  return { ...base, type: setting?.type ?? sensor.Type, value, unit };
}

/** The F500-UDF network number ('1'..'4') of a top-level group: Id 'net1' or Name 'Network 1'; else null. */
export function networkNumberOf(group: { Id: string | number; Name: string }): string | null {
  const match = /^net(\d)$/i.exec(String(group.Id)) ?? /^Network (\d)$/i.exec(group.Name.trim());
  const number = match?.[1];
  return number !== undefined && (NETWORK_NUMBERS as readonly string[]).includes(number) ? number : null;
}

/** A group's name to show: a top-level F500-UDF network group takes its custom network name. */
export function displayGroupName(
  group: { Id: string | number; Name: string },
  isTopLevel: boolean,
  settings?: SensorDisplaySettings | null,
): string {
  if (!isTopLevel || settings === undefined || settings === null) {
    return group.Name;
  }
  const network = networkNumberOf(group);
  return (network === null ? undefined : settings.networks[network]) ?? group.Name;
}
