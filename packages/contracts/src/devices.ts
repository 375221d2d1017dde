import { z } from 'zod';
import { IdParamSchema, MAX_ID } from './common';

/** Device types with their display labels (A section 3). */
export const DEVICE_TYPES = ['F500', '0300', '0005', '0006', 'F500-UDF'] as const;
export const DeviceTypeSchema = z.enum(DEVICE_TYPES).describe('Device type');
export type DeviceType = z.infer<typeof DeviceTypeSchema>;

export const DEVICE_TYPE_LABELS: Record<DeviceType, string> = {
  F500: 'F500',
  '0300': 'WDC4',
  '0005': 'ETH-NODE-1',
  '0006': 'ETH-NODE-2',
  'F500-UDF': 'F500 UDF',
};

/** Texts of A sections 2, 5 and 8 for devices; the ones the spec leaves open are ours. */
export const DEVICE_MESSAGES = {
  locationRequired: 'Please select your location',
  serialRequired: 'Please input your serial number',
  titleRequired: 'Please input your title',
  codeRequired: 'Please input your code',
  typeRequired: 'Please select your type',
  udfIdRequired: 'Please input your UDF ID',
  udfIdTooLong: "UDF ID can't be longer than 8 characters",
  tooLong: 'Ensure this field has no more than 255 characters',
  notValidSerialOrCode: 'Not a valid serial number or code!',
  emulationStaffOnly: 'Only super users and OEM may set is_emulated_as.',
  empty: 'location is empty!',
  confirmRemove: 'Please confirm you want to remove this device',
  confirmDeactivate: 'Please confirm you want to deactivate this device',
  confirmReactivate: 'Please confirm you want to reactivate this device',
  added: 'Device added successfully',
  updated: 'Device updated successfully',
  removed: 'Device removed successfully',
  deactivated: 'Device deactivated',
  reactivated: 'Device reactivated',
  failed: 'An error occured, please try again!',
  hardwareAdded: 'Hardware unit added',
  hardwareRemoved: 'Hardware unit removed',
  hardwareInUse: 'This hardware unit is used by a device; remove the device first.',
  hardwareSerialTaken: 'A hardware unit with this serial number already exists.',
  hardwareUdfIdTaken: 'A hardware unit with this UDF ID already exists.',
} as const;

/** udf_id is at most this long (A section 9). */
export const UDF_ID_MAX_LENGTH = 8;
export const DEVICE_TEXT_MAX_LENGTH = 255;

/** Device types whose form shows udf_id (A section 5). */
export const UDF_ID_DEVICE_TYPES: readonly DeviceType[] = ['0300', '0005', '0006', 'F500-UDF'];
/** Device types whose form shows ip_address (A section 5). */
export const IP_ADDRESS_DEVICE_TYPES: readonly DeviceType[] = ['F500', 'F500-UDF'];

/** Largest id PostgreSQL's integer holds; a larger one can name no row. */

function requiredText(message: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(DEVICE_TEXT_MAX_LENGTH, DEVICE_MESSAGES.tooLong);
}

const udfIdField = z
  .string({ error: DEVICE_MESSAGES.udfIdRequired })
  .trim()
  .max(UDF_ID_MAX_LENGTH, DEVICE_MESSAGES.udfIdTooLong);

const requiredDeviceType = z.enum(DEVICE_TYPES, { error: DEVICE_MESSAGES.typeRequired });

const deviceFields = {
  location: z.coerce
    .number({ error: DEVICE_MESSAGES.locationRequired })
    .int(DEVICE_MESSAGES.locationRequired)
    .positive(DEVICE_MESSAGES.locationRequired)
    .max(MAX_ID, DEVICE_MESSAGES.locationRequired)
    .describe('Id of the site the device is installed at'),
  title: requiredText(DEVICE_MESSAGES.titleRequired).describe('Device name'),
  serial_number: requiredText(DEVICE_MESSAGES.serialRequired).describe('Serial number of the hardware unit'),
  code: requiredText(DEVICE_MESSAGES.codeRequired).describe('Access code of the hardware unit'),
  device_type: requiredDeviceType.describe('Device type; must match the provisioned hardware unit'),
  ip_address: z
    .string()
    .trim()
    .max(DEVICE_TEXT_MAX_LENGTH, DEVICE_MESSAGES.tooLong)
    .nullish()
    .transform((value) => value ?? '')
    .describe('IP address (F500 and F500 UDF)'),
  udf_id: udfIdField
    .nullish()
    .transform((value) => (value === '' ? undefined : (value ?? undefined)))
    .describe('UDF id; taken from the hardware unit, and must match it when sent'),
};

/** POST devices/ (A section 7). */
export const DeviceCreateSchema = z.object(deviceFields);
export type DeviceCreate = z.infer<typeof DeviceCreateSchema>;
export type DeviceFormValues = z.input<typeof DeviceCreateSchema>;

/** PATCH devices/{id}/: any of the create fields, plus is_emulated_as (super users and OEM only). */
export const DeviceUpdateSchema = z
  .object({
    ...deviceFields,
    id: z.number().int().optional().describe('Ignored; the path names the device'),
    is_emulated_as: DeviceTypeSchema.nullish().describe('Device type this device is shown as (staff only)'),
  })
  .partial();
export type DeviceUpdate = z.infer<typeof DeviceUpdateSchema>;

/** A device as the devices/ calls answer it (wire-formats.md 'Device', plus can_edit). */
export const DeviceSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  udf_id: z.string(),
  serial_number: z.string(),
  code: z.string().describe('Access code; empty for users who may not edit the device'),
  device_type: DeviceTypeSchema,
  ip_address: z.string(),
  location: z.number().int().describe('Id of the site'),
  is_online: z.boolean(),
  is_suspended: z.boolean(),
  is_emulated_as: DeviceTypeSchema.nullable(),
  last_seen_at: z.string().nullable().describe('ISO-8601 time of the last message from the device'),
  date_created: z.string(),
  can_edit: z.boolean().describe('The signed-in user may edit this device (an addition to the old shape)'),
});
export type Device = z.infer<typeof DeviceSchema>;

/** GET devices/: a plain array (browser clients call `.map` on it); devices/all/ stays paginated. */
export const DeviceListSchema = z.array(DeviceSchema);

const booleanQuery = z
  .enum(['true', 'false', 'True', 'False', '1', '0'])
  .optional()
  .transform((value) => (value === undefined ? undefined : ['true', 'True', '1'].includes(value)));

/** Query of GET devices/ and devices/all/. */
export const DeviceListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional().describe('Page size (default 100)'),
  offset: z.coerce.number().int().min(0).optional().describe('Rows to skip'),
  location: z.coerce
    .number()
    .int()
    .positive()
    .max(MAX_ID)
    .optional()
    .describe('Site whose devices to list (default: current)'),
  device_type: DeviceTypeSchema.optional(),
  is_online: booleanQuery.describe('Only online (true) or offline (false) devices'),
  is_suspended: booleanQuery.describe('Only suspended (true) or active (false) devices'),
  search: z.string().trim().max(255).optional().describe('Part of the title, serial number or UDF id'),
});
export type DeviceListQuery = z.input<typeof DeviceListQuerySchema>;

/** {id} of the device and hardware paths; ids beyond PostgreSQL's integer are refused (400), not looked up. */
export const DeviceIdParamsSchema = z.object({ id: IdParamSchema });

/** devices/all/ answers this page size unless limit says otherwise. */
export const DEVICES_LIST_LIMIT = 100;
/** devices/ (a plain array, no paging links) answers up to this many devices of the site unless limit says otherwise. */
export const SITE_DEVICES_LIMIT = 1000;

/** A group or sensor `Id` exactly as the tree gives it (numbers stay numbers; wire-formats.md 'Sensor ids'). */
const TreeIdSchema = z.union([z.string(), z.number()]).describe('The Id as the tree gives it');

/** A group of GET devices/{id}/sensors/ with its sensors. */
export const DeviceSensorGroupSchema = z.object({
  id: TreeIdSchema,
  name: z.string(),
  sensors: z.array(
    z.object({
      id: TreeIdSchema.describe("The sensor's leaf Id as the tree gives it (what the earlier client sends)"),
      name: z.string(),
      full_id: z.string().describe("Beyond the wire: the full dotted id, which Vigil's own screens use"),
    }),
  ),
});
export type DeviceSensorGroup = z.infer<typeof DeviceSensorGroupSchema>;

/** F500-UDF: the tree's top-level groups (networks, and the system group) with the groups under them. */
export const DeviceSensorNetworkSchema = z.object({
  name: z.string(),
  groups: z.array(DeviceSensorGroupSchema),
});
export type DeviceSensorNetwork = z.infer<typeof DeviceSensorNetworkSchema>;

/**
 * GET devices/{id}/sensors/ (wire-formats.md 'Sensor ids'): groups with their sensors, `[{id, name, sensors}]`;
 * for F500-UDF, `[{name, groups: [{id, name, sensors}]}]`.
 */
export const DeviceSensorGroupsSchema = z.union([
  z.array(DeviceSensorGroupSchema),
  z.array(DeviceSensorNetworkSchema),
]);
export type DeviceSensorGroups = z.infer<typeof DeviceSensorGroupsSchema>;

/** The groups of either answer, networks flattened into 'Network / Node' groups (Vigil's own screens). */
export function flattenSensorGroups(answer: DeviceSensorGroups): DeviceSensorGroup[] {
  return answer.flatMap((item) =>
    'groups' in item
      ? item.groups.map((group) => ({
          ...group,
          name: group.name === item.name ? group.name : `${item.name} / ${group.name}`,
        }))
      : [item],
  );
}

/** A hardware unit provisioned by the manufacturer (staff only). */
export const HardwareUnitSchema = z.object({
  id: z.number().int(),
  serial_number: z.string(),
  code: z.string(),
  device_type: DeviceTypeSchema,
  udf_id: z.string(),
  date_created: z.string(),
  device: z.number().int().nullable().describe('Id of the device using the unit, or null'),
});
export type HardwareUnit = z.infer<typeof HardwareUnitSchema>;

/** POST hardware/ and one line of a hardware CSV import. */
export const HardwareUnitCreateSchema = z.object({
  serial_number: requiredText(DEVICE_MESSAGES.serialRequired).describe('Serial number'),
  code: requiredText(DEVICE_MESSAGES.codeRequired).describe('Access code the device authenticates with'),
  device_type: requiredDeviceType.describe('Device type'),
  udf_id: udfIdField.min(1, DEVICE_MESSAGES.udfIdRequired).describe('UDF id, unique, at most 8 characters'),
});
export type HardwareUnitCreate = z.infer<typeof HardwareUnitCreateSchema>;

export const HardwareListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional().describe('Page size (default 20)'),
  offset: z.coerce.number().int().min(0).optional().describe('Rows to skip'),
  search: z.string().trim().max(255).optional().describe('Part of the serial number or UDF id'),
});
