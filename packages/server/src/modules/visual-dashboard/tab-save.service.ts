import { type TabSave, VISUAL_LIMITS, VISUAL_MESSAGES } from '@vigil/contracts';
import { assertCanEditSite } from '../../access/access';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/tables/users.table';
import { uniqueViolationOf } from '../../db/unique-violation';
import { AppError, notFound } from '../../errors';
import { sensorLabelsOf } from './tab-json';
import { checkTabSave, type ResolvedBinding, type SaveContext } from './tab-save-check';
import {
  modifyPublished,
  TAB_REPOSITORIES,
  type TabsDeps,
  type TabsRepositories,
  TabsService,
  TOO_MANY_TABS,
} from './tabs.service';
import { assertVisualDashboard } from './visual-dashboard-access';

/** The 400 of a save of a tab someone else changed meanwhile. */
export const TAB_CHANGED = 'This tab was changed meanwhile; reload it and save again.';

const SENSOR_UNIQUE = 'visual_machine_sensors_schema_sensor_unique';

/**
 * POST tabs/ and PATCH tabs/{id}/ (M section 3 'Save payload'): the whole tab in one transaction. Machines sent
 * with their `id` are kept, the others are new (named by `frontend_id` for connectors); bindings, connectors,
 * shapes and labels are replaced. `schema: null` with `schema_name` creates a schema at `location`.
 */
export class TabSaveService {
  private readonly tabs: TabsService;
  private readonly repos: TabsRepositories;
  private readonly now: () => Date;

  constructor(private readonly deps: TabsDeps) {
    this.repos = deps.repos ?? TAB_REPOSITORIES;
    this.tabs = new TabsService(deps);
    this.now = deps.now ?? (() => new Date());
  }

  async create(user: UserRow, save: TabSave): Promise<{ id: number; schema: number }> {
    assertVisualDashboard(user);
    if (save.schema === null) {
      await assertCanEditSite(this.deps.db, user, save.location);
      return this.write(user, save, { schemaId: undefined, tabId: undefined, locationId: save.location });
    }
    const schema = await this.repos.schemas.findSchemaById(this.deps.db, save.schema);
    if (schema === undefined) {
      throw AppError.validation({ schema: ['This schema does not exist.'] });
    }
    await assertCanEditSite(this.deps.db, user, schema.locationId);
    if (schema.locationId !== save.location) {
      throw AppError.validation({ location: ['The schema is not of this site.'] });
    }
    if (schema.isPublished) {
      throw modifyPublished();
    }
    return this.write(user, save, { schemaId: schema.id, tabId: undefined, locationId: schema.locationId });
  }

  async update(user: UserRow, id: number, save: TabSave): Promise<{ id: number; schema: number }> {
    const tab = await this.tabs.editableTab(user, id);
    if (save.schema !== tab.schemaId) {
      throw AppError.validation({ schema: ['A saved tab stays in its schema.'] });
    }
    if (save.location !== tab.locationId) {
      throw AppError.validation({ location: ['The schema is not of this site.'] });
    }
    return this.write(user, save, { schemaId: tab.schemaId, tabId: tab.id, locationId: tab.locationId });
  }

  private async write(
    user: UserRow,
    save: TabSave,
    target: { schemaId: number | undefined; tabId: number | undefined; locationId: number },
  ): Promise<{ id: number; schema: number }> {
    const context = await this.context(target);
    const checked = checkTabSave(save, context);
    if (!checked.ok) {
      throw AppError.validation(checked.errors);
    }
    const at = this.now();
    try {
      const saved = await this.deps.db.transaction(async (tx) => {
        if (
          target.schemaId !== undefined &&
          !(await this.repos.writes.lockUnpublishedSchema(tx, target.schemaId))
        ) {
          throw modifyPublished();
        }
        const schemaId = target.schemaId ?? (await this.newSchema(tx, user, save, target.locationId, at));
        const tabValues = {
          name: save.name,
          height: save.height,
          width: save.width,
          zoom: save.zoom,
          offsetX: save.offset_x,
          offsetY: save.offset_y,
          shapes: save.shapes,
          textElements: save.text_elements,
          updatedAt: at,
        };
        let tabId = target.tabId;
        let present = new Set<number>();
        if (tabId === undefined) {
          if ((await this.repos.tabs.findTabsOfSchema(tx, schemaId)).length >= VISUAL_LIMITS.tabsPerSchema) {
            throw AppError.validation({ non_field_errors: [TOO_MANY_TABS] });
          }
          const position = await this.repos.tabs.nextTabPosition(tx, schemaId);
          tabId = await this.repos.writes.insertTab(tx, { ...tabValues, schemaId, position, createdAt: at });
        } else {
          present = await this.assertUnchanged(tx, tabId, save);
          await this.repos.writes.updateTab(tx, tabId, tabValues);
        }
        const kept = new Set(save.machines.flatMap((machine) => (machine.id == null ? [] : [machine.id])));
        await this.repos.writes.deleteMachines(
          tx,
          [...present].filter((machineId) => !kept.has(machineId)),
        );
        const idOf = new Map<string, number>();
        for (const machine of save.machines) {
          const values = {
            name: machine.name,
            typeOfMachine: machine.type_of_machine,
            xCoord: machine.x_coord,
            yCoord: machine.y_coord,
            scale: machine.scale,
            flip: machine.flip,
            systemStateSensor: machine.system_state_sensor ?? null,
          };
          if (machine.id == null) {
            idOf.set(machine.frontend_id, await this.repos.writes.insertMachine(tx, { ...values, tabId }));
          } else {
            await this.repos.writes.updateMachine(tx, machine.id, values);
            idOf.set(machine.frontend_id, machine.id);
          }
        }
        const machineId = (frontendId: string) => idOf.get(frontendId) ?? 0;
        await this.repos.writes.replaceBindings(
          tx,
          [...idOf.values()],
          checked.bindings.map((binding: ResolvedBinding) => ({
            machineId: machineId(binding.frontendId),
            sensorPoint: binding.sensorPoint,
            schemaId,
            deviceId: binding.deviceId,
            sensorId: binding.sensorId,
          })),
        );
        await this.repos.writes.replaceConnectors(
          tx,
          tabId,
          checked.connectors.map((connector) => ({
            tabId,
            startMachineId: machineId(connector.start),
            startAnchorPoint: connector.startAnchorPoint,
            endMachineId: connector.end === null ? null : machineId(connector.end),
            endAnchorPoint: connector.endAnchorPoint,
            additionalPoints: connector.additionalPoints,
          })),
        );
        await this.repos.writes.touchSchema(tx, schemaId, { by: user.id, at });
        return { id: tabId, schema: schemaId, machineIds: [...present, ...idOf.values()] };
      });
      // After the commit: the tab's sockets and those of its machines, kept, new or removed, follow the new bindings.
      this.deps.changes?.tabChanged(saved.id, saved.machineIds);
      return { id: saved.id, schema: saved.schema };
    } catch (error) {
      if (uniqueViolationOf(error) === SENSOR_UNIQUE) {
        throw await this.alreadyInUse(target, save);
      }
      throw error;
    }
  }

  /**
   * After the schema's lock: the tab and the machines the save keeps are still there (another save or a delete
   * of the same tab may have committed since the check); 404 or 400 otherwise, never a foreign-key 500. Answers
   * the tab's machines now: those the save leaves out are deleted.
   */
  private async assertUnchanged(tx: Database, tabId: number, save: TabSave): Promise<Set<number>> {
    if ((await this.repos.tabs.findTabById(tx, tabId)) === undefined) {
      throw notFound();
    }
    const present = new Set(
      (await this.repos.tabs.findMachinesOfTab(tx, tabId)).map((machine) => machine.id),
    );
    if (save.machines.some((machine) => machine.id != null && !present.has(machine.id))) {
      throw AppError.validation({ non_field_errors: [TAB_CHANGED] });
    }
    return present;
  }

  private async newSchema(tx: Database, user: UserRow, save: TabSave, locationId: number, at: Date) {
    if ((await this.repos.schemas.countSchemasOfLocation(tx, locationId)) >= VISUAL_LIMITS.schemasPerSite) {
      throw AppError.validation({ non_field_errors: [VISUAL_MESSAGES.tooManySchemas] });
    }
    const name = (save.schema_name ?? '').trim();
    return this.repos.writes.insertSchema(tx, { locationId, name, by: user.id, at });
  }

  /** What a save is checked against, read before its transaction (the unique index decides races). */
  private async context(target: {
    schemaId: number | undefined;
    tabId: number | undefined;
    locationId: number;
  }) {
    const { db } = this.deps;
    const devices: SaveContext['devices'] = new Map();
    for (const device of await this.repos.tabs.findDevicesOfLocation(db, target.locationId)) {
      const tree = await this.deps.latestTree?.({ id: device.id, udfId: device.udfId });
      const sensorIds = tree === undefined ? undefined : new Set(sensorLabelsOf(tree).keys());
      devices.set(device.udfId, { id: device.id, sensorIds });
    }
    const takenElsewhere = new Map<string, string>();
    if (target.schemaId !== undefined) {
      for (const row of await this.repos.tabs.findSchemaBindingsOutsideTab(
        db,
        target.schemaId,
        target.tabId,
      )) {
        takenElsewhere.set(row.sensorId, row.machineName);
      }
    }
    const machineIds = new Set<number>();
    if (target.tabId !== undefined) {
      for (const machine of await this.repos.tabs.findMachinesOfTab(db, target.tabId)) {
        machineIds.add(machine.id);
      }
    }
    return { devices, takenElsewhere, machineIds };
  }

  /** The 400 of a sensor bound elsewhere in the schema meanwhile (the database's unique index refused it). */
  private async alreadyInUse(
    target: { schemaId: number | undefined; tabId: number | undefined },
    save: TabSave,
  ): Promise<AppError> {
    const sent = new Set(
      save.machines.flatMap((machine) => machine.sensors.map((binding) => binding.sensor)),
    );
    const rows =
      target.schemaId === undefined
        ? []
        : await this.repos.tabs.findSchemaBindingsOutsideTab(this.deps.db, target.schemaId, target.tabId);
    const holder = rows.find((row) => sent.has(row.sensorId));
    const message = VISUAL_MESSAGES.alreadyInUse(holder?.machineName ?? '');
    return AppError.validation({
      machines: [holder === undefined ? message : `${holder.sensorId} ${message}`],
    });
  }
}
