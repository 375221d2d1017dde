import { type StateTree, type Tab, VISUAL_LIMITS, VISUAL_MESSAGES } from '@vigil/contracts';
import { assertCanEditSite, getSiteAccess } from '../../access/access';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/tables/users.table';
import { AppError, notFound } from '../../errors';
import * as schemasRepo from './schemas.repo';
import { type SensorLabel, sensorLabelsOf, toTabJson } from './tab-json';
import * as tabWriteRepo from './tab-write.repo';
import type { TabWithSchema } from './tabs.repo';
import * as tabsRepo from './tabs.repo';
import { assertVisualDashboard } from './visual-dashboard-access';

/** A device's newest tree (ingest's `latestTreeReader`, given by registerVisualDashboard). */
export type TabTreeReader = (device: { id: number; udfId: string }) => Promise<StateTree | undefined>;

export const TAB_REPOSITORIES = { tabs: tabsRepo, writes: tabWriteRepo, schemas: schemasRepo };
export type TabsRepositories = typeof TAB_REPOSITORIES;
export type TabsDeps = {
  db: Database;
  repos?: TabsRepositories;
  /** A device's newest tree, for its sensors' names; none in a test of a rule. */
  latestTree?: TabTreeReader | undefined;
  /** Tells the tab's and its machines' live sockets after a change (diagram-changes.ts); none in a test of a rule. */
  changes?: { tabChanged(tabId: number, machineIds?: readonly number[]): void };
  now?: () => Date;
};

/** The 400 of a change to a tab of a published (frozen) schema (M section 4). */
export const modifyPublished = () =>
  AppError.validation({ non_field_errors: [VISUAL_MESSAGES.modifyPublished] });

/**
 * Tabs of a schema (M 'Visual dashboard', sections 3 and 7; docs/visual-dashboard.md): the site's readers read a
 * tab; its editors delete, reorder and clone the tabs of an unpublished schema (tab-save.service.ts saves them).
 */
export class TabsService {
  private readonly repos: TabsRepositories;
  private readonly now: () => Date;

  constructor(private readonly deps: TabsDeps) {
    this.repos = deps.repos ?? TAB_REPOSITORIES;
    this.now = deps.now ?? (() => new Date());
  }

  /** GET tabs/{id}/: the tab with its machines (bound sensors named from their device's newest tree). */
  async get(user: UserRow, id: number): Promise<Tab> {
    const tab = await this.visibleTab(user, id);
    const { db } = this.deps;
    const [machines, connectors, bindings] = await Promise.all([
      this.repos.tabs.findMachinesOfTab(db, id),
      this.repos.tabs.findConnectorsOfTab(db, id),
      this.repos.tabs.findBindingsOfTab(db, id),
    ]);
    const labelsByDevice = new Map<number, Map<string, SensorLabel>>();
    for (const binding of bindings) {
      if (!labelsByDevice.has(binding.deviceId)) {
        const tree = await this.deps.latestTree?.({ id: binding.deviceId, udfId: binding.udfId });
        labelsByDevice.set(binding.deviceId, tree === undefined ? new Map() : sensorLabelsOf(tree));
      }
    }
    return toTabJson(
      tab,
      machines,
      connectors,
      bindings,
      (binding) =>
        labelsByDevice.get(binding.deviceId)?.get(binding.sensorId) ?? {
          name: binding.sensorId,
          groupName: '',
        },
    );
  }

  /** DELETE tabs/{id}/: a tab of an unpublished schema, with its machines and lines. */
  async remove(user: UserRow, id: number): Promise<void> {
    const tab = await this.editableTab(user, id);
    const machines = await this.repos.tabs.findMachinesOfTab(this.deps.db, tab.id);
    await this.inUnpublished(user, tab.schemaId, (tx) => this.repos.tabs.deleteTab(tx, tab.id));
    this.deps.changes?.tabChanged(
      tab.id,
      machines.map((machine) => machine.id),
    );
  }

  /** POST update-tabs-order/ [{id, order}]: the places of tabs of one unpublished schema. */
  async order(user: UserRow, items: Array<{ id: number; order: number }>) {
    assertVisualDashboard(user);
    const ids = items.map((item) => item.id);
    if (ids.length === 0 || new Set(ids).size !== ids.length) {
      throw AppError.validation({ non_field_errors: [ORDER_ITEMS] });
    }
    const schemas = await this.repos.tabs.findSchemasOfTabs(this.deps.db, ids);
    const [first] = schemas;
    if (first === undefined || schemas.length !== ids.length) {
      throw notFound();
    }
    for (const locationId of new Set(schemas.map((row) => row.locationId))) {
      await getSiteAccess(this.deps.db, user, locationId);
    }
    if (schemas.some((row) => row.schemaId !== first.schemaId)) {
      throw AppError.validation({ non_field_errors: [ORDER_ITEMS] });
    }
    await assertCanEditSite(this.deps.db, user, first.locationId);
    if (first.isPublished) {
      throw modifyPublished();
    }
    await this.inUnpublished(user, first.schemaId, async (tx) => {
      for (const item of items) {
        await this.repos.tabs.setTabPosition(tx, first.schemaId, item.id, item.order);
      }
    });
    return items;
  }

  /** POST tabs/{id}/clone/: a copy at the end of the strip; its machines come without sensors (one binding a schema). */
  async clone(user: UserRow, id: number): Promise<{ id: number; schema: number }> {
    const tab = await this.editableTab(user, id);
    const copyId = await this.inUnpublished(user, tab.schemaId, async (tx) => {
      const tabs = await this.repos.tabs.findTabsOfSchema(tx, tab.schemaId);
      if (tabs.length >= VISUAL_LIMITS.tabsPerSchema) {
        throw AppError.validation({ non_field_errors: [TOO_MANY_TABS] });
      }
      const position = await this.repos.tabs.nextTabPosition(tx, tab.schemaId);
      const copy = await this.repos.writes.copyTabWithoutSensors(tx, tab.id, { position, at: this.now() });
      if (copy === undefined) {
        throw notFound();
      }
      return copy;
    });
    return { id: copyId, schema: tab.schemaId };
  }

  /**
   * Runs a change of an unpublished schema in a transaction holding its row (a publish waits), and marks the
   * schema changed by the user; 400 when it was published meanwhile.
   */
  async inUnpublished<T>(user: UserRow, schemaId: number, change: (tx: Database) => Promise<T>): Promise<T> {
    return this.deps.db.transaction(async (tx) => {
      if (!(await this.repos.writes.lockUnpublishedSchema(tx, schemaId))) {
        throw modifyPublished();
      }
      const result = await change(tx);
      await this.repos.writes.touchSchema(tx, schemaId, { by: user.id, at: this.now() });
      return result;
    });
  }

  /** The tab when the user sees its site; 404 otherwise (a foreign tenant's tab included). */
  async visibleTab(user: UserRow, id: number): Promise<TabWithSchema> {
    assertVisualDashboard(user);
    const tab = await this.repos.tabs.findTabById(this.deps.db, id);
    if (tab === undefined) {
      throw notFound();
    }
    await getSiteAccess(this.deps.db, user, tab.locationId);
    return tab;
  }

  /** The tab when the user edits its site (403 otherwise) and its schema is unpublished (400 otherwise). */
  async editableTab(user: UserRow, id: number): Promise<TabWithSchema> {
    const tab = await this.visibleTab(user, id);
    await assertCanEditSite(this.deps.db, user, tab.locationId);
    if (tab.isPublished) {
      throw modifyPublished();
    }
    return tab;
  }
}

export const ORDER_ITEMS = 'List each tab of one schema once.';
export const TOO_MANY_TABS = `A schema can have at most ${VISUAL_LIMITS.tabsPerSchema} tabs.`;
