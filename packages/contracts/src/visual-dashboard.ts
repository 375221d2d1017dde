import { z } from 'zod';
import { IdSchema, MAX_ID } from './common';
import { MachineTypeSchema } from './machine-types';

/**
 * The visual dashboard's payloads (monitoring spec sections 2 'Visual dashboard', 3 'Schema' to 'Save payload',
 * 4 'Schema' and 'Machine display state', 7 'Visual dashboard (api/v2)'; wire-formats.md 'Visual dashboard (v2)'
 * and the earlier client's section; docs/visual-dashboard.md). A site's plant is drawn as schemas (versions, one
 * published), each of tabs (canvases), each holding machines of a machine type, connectors between their anchor
 * points, shapes and labels; sensors are bound to a machine's sensor points.
 */

/** What a person can create has a limit (docs/decisions.md, issue 25). */
export const VISUAL_LIMITS = {
  schemasPerSite: 100,
  tabsPerSchema: 30,
  machinesPerTab: 200,
  connectorsPerTab: 400,
  pointsPerConnector: 50,
  shapesPerTab: 200,
  labelsPerTab: 200,
  nameLength: 100,
  commentLength: 1000,
  labelLength: 500,
  /** The canvas's sides (px); the editor's defaults are 800 × 600 (M section 9). */
  canvasMax: 20_000,
  canvasMin: 100,
  /** Positions may lie a little outside the canvas (a machine dragged past its edge). */
  coordinateMax: 40_000,
  zoomMin: 10,
  zoomMax: 400,
  scaleMin: 0.1,
  scaleMax: 10,
} as const;

export const VISUAL_DEFAULTS = {
  canvasWidth: 800,
  canvasHeight: 600,
  shapeSize: 78,
  lineHeight: 3,
  shapeMin: 10,
  labelFontSize: 14,
  labelText: 'Text',
} as const;

/** The spec's texts (M sections 2, 4 and 8), verbatim. */
export const VISUAL_MESSAGES = {
  notAllowed: 'You are not allowed to visit this page',
  selectLocation: 'please select a location first',
  modifyPublished: "It's not allowed to modify published schema!",
  deleteSchema: 'Are you sure you want to delete this schema?',
  cannotUndo: "This action can't be undone. Do you want to continue?",
  publishedSave:
    "This schema is currently published and can't be edited. A separate copy of this schema will be created instead. Do you want to continue?",
  unsaved: 'Are you sure you want to continue without saving?',
  selectStateSensor: 'Select state sensor',
  machineNamePlaceholder: 'Machine name',
  noData: 'No data',
  commentRequired: 'This field is required.',
  nameRequired: 'This field is required.',
  alreadyInUse: (machineName: string) => `(Already in use at ${machineName})`,
  tooManySchemas: `A site can have at most ${VISUAL_LIMITS.schemasPerSite} schemas.`,
} as const;

const id = IdSchema;
const name = z.string().trim().min(1).max(VISUAL_LIMITS.nameLength);
const coordinate = z.number().finite().min(-VISUAL_LIMITS.coordinateMax).max(VISUAL_LIMITS.coordinateMax);
/** A full sensor id: the dotted path `<udf_id>.<group>...<sensor>`, as everywhere in Vigil. */
export const FullSensorIdSchema = z.string().min(3).max(200);
const fullSensorId = FullSensorIdSchema;

export const SHAPE_KINDS = ['circle', 'default', 'line', 'rectangle'] as const;

/** Who changed a schema last; id 0 'Deleted user' once that person is deleted (the wire's key is never null). */
export const ModifiedBySchema = z.object({
  id: z.number().int().min(0).max(MAX_ID),
  first_name: z.string(),
  last_name: z.string(),
});

/** `schema_tabs[]` of a schema: each tab's bound sensors as `[{<full sensor id>: {machine_name}}]`. */
export const SchemaTabSummarySchema = z.object({
  id,
  name: z.string(),
  sensors_ids: z.array(z.record(z.string(), z.object({ machine_name: z.string() }))),
});

/** A schema (one version of a site's diagram); `update_dt` and `created_dt` are unix seconds. */
export const VisualSchemaSchema = z.object({
  id,
  name: z.string(),
  comment: z.string().nullable(),
  created_dt: z.number().int(),
  update_dt: z.number().int(),
  is_published: z.boolean(),
  modified_by: ModifiedBySchema,
  location: id,
  device_ids: z.array(id),
  schema_tabs: z.array(SchemaTabSummarySchema),
});
export type VisualSchema = z.infer<typeof VisualSchemaSchema>;

/** A sensor bound on a machine of a tab, as a schema's `schema_tabs` names it. */
export type TabBinding = { tabId: number; sensorId: string; machineName: string };

/**
 * A schema's `schema_tabs` (wire-formats, compatibility section): each tab in the order given, with its bound
 * sensors as `[{<full sensor id>: {machine_name}}]` in the order given.
 */
export function schemaTabsJson(
  tabs: readonly { id: number; name: string }[],
  bindings: readonly TabBinding[],
): VisualSchema['schema_tabs'] {
  return tabs.map((tab) => ({
    id: tab.id,
    name: tab.name,
    sensors_ids: bindings
      .filter((binding) => binding.tabId === tab.id)
      .map((binding) => ({ [binding.sensorId]: { machine_name: binding.machineName } })),
  }));
}

/** A site's published schema as `GET api/v2/locations/` carries it (wire-formats, compatibility section). */
export const PublishedSchemaSummarySchema = VisualSchemaSchema.pick({
  id: true,
  name: true,
  schema_tabs: true,
});
export type PublishedSchemaSummary = z.infer<typeof PublishedSchemaSummarySchema>;

export const SchemaPublishSchema = z.object({
  comment: z.string().trim().min(1, VISUAL_MESSAGES.commentRequired).max(VISUAL_LIMITS.commentLength),
});
export const SchemaCloneSchema = z.object({
  name: z.string().trim().min(1, VISUAL_MESSAGES.nameRequired).max(VISUAL_LIMITS.nameLength),
});
export const TabsOrderSchema = z
  .array(z.object({ id, order: z.number().int().min(0).max(VISUAL_LIMITS.tabsPerSchema) }))
  .max(VISUAL_LIMITS.tabsPerSchema);

export const AdditionalPointSchema = z.object({ x_coord: coordinate, y_coord: coordinate });

/** A sensor bound on one of a machine's sensor points, as a tab or machine answers it. */
export const MachineSensorSchema = z.object({
  sensor_point: id,
  sensor: z.object({
    id: fullSensorId,
    name: z.string(),
    group_name: z.string(),
    device: z.object({ name: z.string() }),
  }),
});

export const MachineSchema = z.object({
  id,
  name: z.string(),
  x_coord: coordinate,
  y_coord: coordinate,
  scale: z.number(),
  flip: z.boolean(),
  type_of_machine: id,
  sensors: z.array(MachineSensorSchema),
  system_state_sensor: fullSensorId.nullable(),
});

export const ConnectorSchema = z.object({
  id,
  start_machine: id,
  start_anchor_point: id,
  end_machine: id.nullable(),
  end_anchor_point: id.nullable(),
  additional_points: z.array(AdditionalPointSchema),
});

/** A shape's extras (M section 3 'Shape extras'). */
export const ShapeSchema = z.object({
  shape: z.enum(SHAPE_KINDS),
  width: z.number().finite().min(VISUAL_DEFAULTS.shapeMin).max(VISUAL_LIMITS.canvasMax),
  height: z.number().finite().min(1).max(VISUAL_LIMITS.canvasMax),
  offsetLeft: coordinate,
  offsetTop: coordinate,
  rotateAngle: z.number().finite().min(-360).max(360),
});

/** A label's extras (M section 3 'Label extras'), placed like a shape. */
export const TextElementSchema = z.object({
  value: z.string().max(VISUAL_LIMITS.labelLength),
  fontSize: z.number().finite().min(6).max(200),
  offsetLeft: coordinate,
  offsetTop: coordinate,
});

const canvasSide = z.number().int().min(VISUAL_LIMITS.canvasMin).max(VISUAL_LIMITS.canvasMax);
const zoom = z.number().finite().min(VISUAL_LIMITS.zoomMin).max(VISUAL_LIMITS.zoomMax);

/** A tab as GET tabs/{id}/ answers it. */
export const TabSchema = z.object({
  id,
  name: z.string(),
  schema: id,
  height: canvasSide,
  width: canvasSide,
  zoom,
  offset_x: coordinate,
  offset_y: coordinate,
  machines: z.array(MachineSchema),
  connectors: z.array(ConnectorSchema),
  shapes: z.array(ShapeSchema),
  text_elements: z.array(TextElementSchema),
});
export type Tab = z.infer<typeof TabSchema>;

/** A machine of a save: `frontend_id` names it for connectors before it has an id. */
export const MachineSaveSchema = z.object({
  id: id.optional().nullable(),
  frontend_id: z.string().min(1).max(100),
  name: z.string().trim().max(VISUAL_LIMITS.nameLength),
  x_coord: coordinate,
  y_coord: coordinate,
  scale: z.number().finite().min(VISUAL_LIMITS.scaleMin).max(VISUAL_LIMITS.scaleMax),
  flip: z.boolean(),
  type_of_machine: id,
  sensors: z.array(z.object({ sensor_point: id, sensor: fullSensorId })).max(50),
  system_state_sensor: fullSensorId.nullable().optional(),
});

/** A connector of a save: its ends by machine id, or by `frontend_id` for machines saved in the same call. */
export const ConnectorSaveSchema = z.object({
  start_machine: id.nullable().optional(),
  start_m_fe_id: z.string().max(100).nullable().optional(),
  start_anchor_point: id,
  end_machine: id.nullable().optional(),
  end_m_fe_id: z.string().max(100).nullable().optional(),
  end_anchor_point: id.nullable().optional(),
  additional_points: z.array(AdditionalPointSchema).max(VISUAL_LIMITS.pointsPerConnector),
});

/** POST/PATCH tabs/ (M section 3 'Save payload'); `schema: null` with `schema_name` creates a schema. */
export const TabSaveSchema = z
  .object({
    id: id.optional().nullable(),
    name,
    location: id,
    schema: id.nullable(),
    schema_name: z.string().trim().max(VISUAL_LIMITS.nameLength).optional().nullable(),
    height: canvasSide,
    width: canvasSide,
    zoom,
    offset_x: coordinate,
    offset_y: coordinate,
    machines: z.array(MachineSaveSchema).max(VISUAL_LIMITS.machinesPerTab),
    connectors: z.array(ConnectorSaveSchema).max(VISUAL_LIMITS.connectorsPerTab),
    shapes: z.array(ShapeSchema).max(VISUAL_LIMITS.shapesPerTab),
    text_elements: z.array(TextElementSchema).max(VISUAL_LIMITS.labelsPerTab),
  })
  .refine((save) => save.schema !== null || (save.schema_name ?? '').trim() !== '', {
    path: ['schema_name'],
    message: VISUAL_MESSAGES.nameRequired,
  });
export type TabSave = z.infer<typeof TabSaveSchema>;

/** The answer of a tab save. */
export const TabSavedSchema = z.object({ id, schema: id });

/**
 * `GET machines/{id}/`: the machine as its tab lists it, with its machine type as an object (the shape of
 * `type-of-machine/`) and where it sits: its schema (with the site) and its tab (M section 3 'Machine ... in details').
 */
export const MachineDetailSchema = MachineSchema.extend({
  type_of_machine: MachineTypeSchema,
  schema: z.object({ id, name: z.string(), location: z.object({ id, title: z.string() }) }),
  schema_tab: z.object({ id, name: z.string() }),
});
export type MachineDetail = z.infer<typeof MachineDetailSchema>;
export type MachineSensorJson = z.infer<typeof MachineSensorSchema>;
