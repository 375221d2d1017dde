import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { devices } from './devices.table';
import { locations } from './sites.table';
import { users } from './users.table';

/**
 * The visual dashboard (M section 2 'Visual dashboard', section 3 'Schema' to 'Connector'; docs/visual-dashboard.md
 * 'Data model'): a site's schemas (versions of its plant diagram), their tabs (canvases), the machines on a tab,
 * the sensors bound to a machine's sensor points, and the connectors between machines' anchor points. Machine
 * types are a catalog in code (modules/visual-dashboard/machine-types), referenced by id.
 */

/**
 * One version of a site's diagram. Published versions are frozen (the service refuses every change); the site's
 * current schema is its newest published one. `modified_by_id` is null once that person is deleted.
 */
export const visualSchemas = pgTable(
  'visual_schemas',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The publish comment (required to publish). */
    comment: text('comment'),
    isPublished: boolean('is_published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    modifiedById: integer('modified_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('visual_schemas_location_idx').on(t.locationId, t.updatedAt)],
);

export type VisualSchemaRow = typeof visualSchemas.$inferSelect;
export type NewVisualSchemaRow = typeof visualSchemas.$inferInsert;

/** A canvas of a schema. Shapes and labels are kept whole with it: they are only read and saved with the tab. */
export const visualTabs = pgTable(
  'visual_tabs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    schemaId: integer('schema_id')
      .notNull()
      .references(() => visualSchemas.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Place in the tab strip (update-tabs-order/). */
    position: integer('position').notNull().default(0),
    height: integer('height').notNull(),
    width: integer('width').notNull(),
    zoom: doublePrecision('zoom').notNull().default(100),
    offsetX: doublePrecision('offset_x').notNull().default(0),
    offsetY: doublePrecision('offset_y').notNull().default(0),
    /** Contract `ShapeSchema[]`, validated on save. */
    shapes: jsonb('shapes').notNull().default([]),
    /** Contract `TextElementSchema[]`, validated on save. */
    textElements: jsonb('text_elements').notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('visual_tabs_schema_idx').on(t.schemaId, t.position)],
);

export type VisualTabRow = typeof visualTabs.$inferSelect;
export type NewVisualTabRow = typeof visualTabs.$inferInsert;

/** A machine on a tab; `type_of_machine` is a machine-type id of the catalog in code. */
export const visualMachines = pgTable(
  'visual_machines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tabId: integer('tab_id')
      .notNull()
      .references(() => visualTabs.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    typeOfMachine: smallint('type_of_machine').notNull(),
    xCoord: doublePrecision('x_coord').notNull(),
    yCoord: doublePrecision('y_coord').notNull(),
    scale: doublePrecision('scale').notNull().default(1),
    flip: boolean('flip').notNull().default(false),
    /** Full id of the sensor that says whether the machine runs (M section 4 'Machine display state'). */
    systemStateSensor: text('system_state_sensor'),
  },
  (t) => [index('visual_machines_tab_idx').on(t.tabId)],
);

export type VisualMachineRow = typeof visualMachines.$inferSelect;
export type NewVisualMachineRow = typeof visualMachines.$inferInsert;

/**
 * A sensor bound on a machine's sensor point. `schema_id` is the machine's tab's schema, kept here so that the
 * database refuses a sensor bound twice in one schema (M: one machine per sensor across a schema's tabs), and
 * `device_id` the sensor's device, which the live sockets of a tab or machine follow.
 */
export const visualMachineSensors = pgTable(
  'visual_machine_sensors',
  {
    machineId: integer('machine_id')
      .notNull()
      .references(() => visualMachines.id, { onDelete: 'cascade' }),
    sensorPoint: integer('sensor_point').notNull(),
    schemaId: integer('schema_id')
      .notNull()
      .references(() => visualSchemas.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** Full dotted id: tree Id, group Id(s), sensor Id. */
    sensorId: text('sensor_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.machineId, t.sensorPoint] }),
    uniqueIndex('visual_machine_sensors_schema_sensor_unique').on(t.schemaId, t.sensorId),
    index('visual_machine_sensors_device_idx').on(t.deviceId),
  ],
);

export type VisualMachineSensorRow = typeof visualMachineSensors.$inferSelect;
export type NewVisualMachineSensorRow = typeof visualMachineSensors.$inferInsert;

/** A line from one machine's anchor point to another's (or left open), with its bends. */
export const visualConnectors = pgTable(
  'visual_connectors',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tabId: integer('tab_id')
      .notNull()
      .references(() => visualTabs.id, { onDelete: 'cascade' }),
    startMachineId: integer('start_machine_id')
      .notNull()
      .references(() => visualMachines.id, { onDelete: 'cascade' }),
    startAnchorPoint: integer('start_anchor_point').notNull(),
    endMachineId: integer('end_machine_id').references(() => visualMachines.id, { onDelete: 'cascade' }),
    endAnchorPoint: integer('end_anchor_point'),
    /** Contract `AdditionalPointSchema[]`: the bends, in order. */
    additionalPoints: jsonb('additional_points').notNull().default([]),
  },
  (t) => [index('visual_connectors_tab_idx').on(t.tabId)],
);

export type VisualConnectorRow = typeof visualConnectors.$inferSelect;
export type NewVisualConnectorRow = typeof visualConnectors.$inferInsert;
