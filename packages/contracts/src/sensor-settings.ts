import { z } from 'zod';

/**
 * Sensor settings of a device (monitoring spec sections 2 'Sensor settings screens', 3, 5, 6 and 7; wire-formats.md
 * 'Sensor names GET/POST', 'Sensor types', 'ie-node-units'; docs/sensor-settings.md): custom sensor names (and,
 * for F500-UDF, degrees and the names of networks 1-4), sensor types of ETH-NODE units (0005, 0006) with unit and
 * value × k + c, and sensor images. Every sensor is keyed by its full dotted id.
 */

/** M section 5: names are at most 60 characters. */
export const SENSOR_NAME_MAX_LENGTH = 60;
/** The CSV import takes files up to this size. */
export const SENSOR_NAMES_CSV_MAX_BYTES = 1024 * 1024;
/** The CSV import takes at most this many sensor rows. */
export const SENSOR_NAMES_CSV_MAX_ROWS = 10_000;
/** Longest sensor id kept (a dotted path of a few Ids). */
export const SENSOR_SETTINGS_ID_MAX_LENGTH = 200;
/** F500-UDF network numbers that can be named. */
export const NETWORK_NUMBERS = ['1', '2', '3', '4'] as const;
/** Device types whose sensor types can be set (M section 2: 'device types 0005 and 0006 only'). */
export const SENSOR_TYPES_DEVICE_TYPES = ['0005', '0006'] as const;
/** Bound on k and c: no display needs more, and it keeps products finite. */
export const SENSOR_SCALE_MAX = 1e9;

export const DEGREES = ['F', 'C'] as const;
export const DegreesSchema = z.enum(DEGREES).describe('Temperature units: F or C');
export type Degrees = z.infer<typeof DegreesSchema>;

/** M section 9: Digital (BOOL) or Analog (NUMERIC). */
export const CONFIGURABLE_SENSOR_TYPES = ['BOOL', 'NUMERIC'] as const;
export const ConfigurableSensorTypeSchema = z
  .enum(CONFIGURABLE_SENSOR_TYPES)
  .describe('Digital (BOOL) or Analog (NUMERIC)');
export type ConfigurableSensorType = z.infer<typeof ConfigurableSensorTypeSchema>;

export const SENSOR_SETTINGS_MESSAGES = {
  /** M section 5, verbatim. */
  degreesRequired: 'Please select degrees',
  /** M section 2 and 8, verbatim: the empty state of the settings screens. */
  empty: 'Sensor names is empty!',
  /** M section 8, verbatim: the answer of fix-notifications/. */
  fixNotificationsDone: 'Cleared notification was successful',
  /** M section 8, verbatim: the dashboard's text when fix-notifications/ fails. */
  fixNotificationsFailed: 'Request for device notifications cleanup failed',
  nameTooLong: `Ensure this name has no more than ${SENSOR_NAME_MAX_LENGTH} characters.`,
  nameNotText: 'A name must be text.',
  unknownSensor: (id: string) => `Sensor "${id}" is not in the device's latest state.`,
  ambiguousSensor: (id: string) =>
    `Several sensors of this device have the Id "${id}": send the full dotted sensor id.`,
  noState: 'The device has not reported its sensors yet. Wait for the device to report them and try again.',
  unknownNetwork: 'Networks are numbered 1 to 4.',
  onlyF500Udf: 'Degrees and networks can be set only for F500-UDF devices.',
  typesNotSupported: 'Sensor types can be set only for ETH-NODE-1 (0005) and ETH-NODE-2 (0006) devices.',
  typeRequired: 'Select the sensor type: BOOL (Digital) or NUMERIC (Analog).',
  notConfigurable: (id: string) => `Sensor "${id}" reports ENUM values: its type cannot be set.`,
  unknownUnit: 'Select a unit from the list.',
  invalidNumber: `Enter a number between -${SENSOR_SCALE_MAX} and ${SENSOR_SCALE_MAX}.`,
  unknownImageType: 'Select an image from the list, or the default image.',
  deviceMismatch: 'device_id does not match the device of the address.',
  /** CSV import. */
  fileRequired: 'Upload a CSV file in the field "file".',
  fileTooLarge: `The file is larger than ${SENSOR_NAMES_CSV_MAX_BYTES / 1024 / 1024} MB.`,
  fileEncoding: 'The file is not UTF-8 text: save it as CSV UTF-8 and try again.',
  fileEmpty: 'The file is empty: it needs a header row with the columns sensor_id and name.',
  missingColumn: (column: string) => `The header row has no "${column}" column.`,
  tooManyRows: `The file has more than ${SENSOR_NAMES_CSV_MAX_ROWS} rows.`,
  unclosedQuote: (row: number) => `Row ${row}: a quoted cell is not closed.`,
  shortRow: (row: number, column: string) => `Row ${row}: the "${column}" cell is missing.`,
  emptySensorId: (row: number) => `Row ${row}: the sensor_id cell is empty.`,
  duplicateRow: (row: number, first: number) => `Row ${row}: the same sensor as row ${first}.`,
  rowProblem: (row: number, message: string) => `Row ${row}: ${message}`,
} as const;

/** A name as typed: trimmed; blank removes the custom name (the device's own Name shows again). */
const SensorNameInputSchema = z
  .string({ error: SENSOR_SETTINGS_MESSAGES.nameNotText })
  .trim()
  .max(SENSOR_NAME_MAX_LENGTH, SENSOR_SETTINGS_MESSAGES.nameTooLong)
  .nullable()
  .transform((name) => name ?? '');

/** A sensor id key: the full dotted id, or the sensor's leaf Id when unique in the device's tree. */
export const SensorIdKeySchema = z.string().trim().min(1).max(SENSOR_SETTINGS_ID_MAX_LENGTH);

// ---------- sensor names ----------

export const NetworkNameSchema = z.object({
  name: z.string().describe("The network's custom name, or its label when none"),
  label: z.string().describe("The network's own name: 'Network 1' .. 'Network 4'"),
});

export const SensorNameItemSchema = z.object({
  id: z.string().describe('Full dotted sensor id'),
  label: z.string().describe("The sensor's own Name in the latest tree"),
  name: z.string().describe('The custom name, or the label when none'),
});

export const SensorNameGroupSchema = z.object({
  id: z.string().describe('Dotted group path (as devices/{id}/sensors/ gives it)'),
  name: z.string().describe("The group's name ('Network 1 / Network 1 Node 3' for nested groups)"),
  sensors: z.array(SensorNameItemSchema),
});

/** GET settings/sensor-names (wire-formats.md); degrees and networks only for F500-UDF. */
export const SensorNamesSchema = z.object({
  degrees: DegreesSchema.nullable().optional().describe('F500-UDF only: null until chosen'),
  networks: z.array(NetworkNameSchema).optional().describe('F500-UDF only: networks 1 to 4'),
  sensor_names: z.array(SensorNameGroupSchema),
});
export type SensorNames = z.infer<typeof SensorNamesSchema>;

/** POST settings/sensor-names: only the sensors sent change; degrees is required for F500-UDF. */
export const SensorNamesSaveSchema = z.object({
  device_id: z.coerce.number().int().optional().describe('The device of the address (checked when sent)'),
  sensor_names: z
    .record(SensorIdKeySchema, SensorNameInputSchema)
    .default({})
    .describe('Sensor id → name; a blank name (or null) removes the custom name'),
  degrees: z
    .union([DegreesSchema, z.literal(''), z.null()], { error: SENSOR_SETTINGS_MESSAGES.degreesRequired })
    .optional()
    .describe('F500-UDF: F or C (required)'),
  networks: z
    .record(z.string(), SensorNameInputSchema)
    .optional()
    .describe('F500-UDF: network number 1..4 → name; blank removes the custom name'),
});
export type SensorNamesSave = z.infer<typeof SensorNamesSaveSchema>;

/** The CSV of GET settings/export/sensor-names/, and the columns the import reads (sensor_id, name). */
export const SENSOR_NAMES_CSV_COLUMNS = ['sensor_id', 'group', 'label', 'name'] as const;
export const sensorNamesCsvFileName = (deviceType: string, deviceId: number): string =>
  `sensor_names_${deviceType}_${deviceId}.csv`;

// ---------- sensor types and units ----------

export const UnitSchema = z.object({ id: z.number().int(), name: z.string() });
export type Unit = z.infer<typeof UnitSchema>;

/** GET ie-node-units/: a fixed list (ids are stored in sensor types, so they never change meaning). */
export const IE_NODE_UNITS: readonly Unit[] = [
  { id: 1, name: '°F' },
  { id: 2, name: '°C' },
  { id: 3, name: 'PPM' },
  { id: 4, name: '%' },
  { id: 5, name: 'mA' },
  { id: 6, name: 'V' },
  { id: 7, name: 'A' },
  { id: 8, name: 'bar' },
  { id: 9, name: 'psi' },
  { id: 10, name: 'kPa' },
  { id: 11, name: 'rpm' },
  { id: 12, name: 'Hz' },
  { id: 13, name: 'm/s' },
  { id: 14, name: 'ft/min' },
  { id: 15, name: 'mm' },
  { id: 16, name: 'Minutes' },
  { id: 17, name: 'Seconds' },
];

export const UnitsListSchema = z.object({ results: z.array(UnitSchema) });

/** The unit's name, or null for no unit or an id not in the list. */
export function unitNameOf(unitId: number | null | undefined): string | null {
  return IE_NODE_UNITS.find((unit) => unit.id === unitId)?.name ?? null;
}

export const SensorTypeItemSchema = z.object({
  id: z.string().describe('Full dotted sensor id'),
  label: z.string().describe("The sensor's name (custom name, or its own Name)"),
  type: ConfigurableSensorTypeSchema.describe("The set type, or the tree's Type when none is set"),
  unit: z.number().int().nullable().describe('An id of ie-node-units/, or null'),
  k_value: z.number().describe('Scale: shown value = value × k + c (NUMERIC)'),
  c_value: z.number().describe('Offset: shown value = value × k + c (NUMERIC)'),
});

/** GET settings/sensor-types (wire-formats.md): groups of the BOOL and NUMERIC sensors. */
export const SensorTypesSchema = z.object({
  sensor_types: z.array(
    z.object({ id: z.string(), name: z.string(), sensors: z.array(SensorTypeItemSchema) }),
  ),
});
export type SensorTypes = z.infer<typeof SensorTypesSchema>;

/** A number or its decimal text, bounded; blank or absent gives `fallback`. */
function scaleSchema(fallback: number) {
  return z
    .union([z.number(), z.string(), z.null()], { error: SENSOR_SETTINGS_MESSAGES.invalidNumber })
    .optional()
    .transform((raw, context) => {
      const text = typeof raw === 'string' ? raw.trim() : raw;
      if (text === undefined || text === null || text === '') {
        return fallback;
      }
      const value =
        typeof text === 'number'
          ? text
          : /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)
            ? Number(text)
            : Number.NaN;
      if (!Number.isFinite(value) || Math.abs(value) > SENSOR_SCALE_MAX) {
        context.addIssue({ code: 'custom', message: SENSOR_SETTINGS_MESSAGES.invalidNumber });
        return z.NEVER;
      }
      return value;
    });
}

export const SensorTypeInputSchema = z.object({
  type: z
    .string({ error: SENSOR_SETTINGS_MESSAGES.typeRequired })
    .transform((text) => text.trim().toUpperCase())
    .pipe(z.enum(CONFIGURABLE_SENSOR_TYPES, { error: SENSOR_SETTINGS_MESSAGES.typeRequired }))
    .describe('BOOL (Digital) or NUMERIC (Analog)'),
  unit: z
    .union([z.number(), z.string(), z.null()], { error: SENSOR_SETTINGS_MESSAGES.unknownUnit })
    .optional()
    .transform((raw, context) => {
      if (raw === undefined || raw === null || raw === '') {
        return null;
      }
      const unit = IE_NODE_UNITS.find((u) => u.id === Number(raw) || u.name === raw);
      if (unit === undefined) {
        context.addIssue({ code: 'custom', message: SENSOR_SETTINGS_MESSAGES.unknownUnit });
        return z.NEVER;
      }
      return unit.id;
    })
    .describe('An id of ie-node-units/ (or its name); null for none'),
  k: scaleSchema(1).describe('Scale, default 1'),
  c: scaleSchema(0).describe('Offset, default 0'),
});
export type SensorTypeInput = z.infer<typeof SensorTypeInputSchema>;

/** POST settings/sensor-types: only the sensors sent change. */
export const SensorTypesSaveSchema = z.object({
  device_id: z.coerce.number().int().optional().describe('The device of the address (checked when sent)'),
  sensor_types: z.record(SensorIdKeySchema, SensorTypeInputSchema).describe('Sensor id → {type, unit, k, c}'),
});
export type SensorTypesSave = z.infer<typeof SensorTypesSaveSchema>;

// ---------- fix notifications ----------

export const FixNotificationsBodySchema = z
  .object({
    device_id: z.coerce.number().int().optional().describe('The device of the address (checked when sent)'),
  })
  .nullish();

export const FixNotificationsResultSchema = z.object({
  detail: z.string().describe("'Cleared notification was successful'"),
  closed: z.number().int().describe('How many open alarms and warnings were closed'),
});
export type FixNotificationsResult = z.infer<typeof FixNotificationsResultSchema>;
