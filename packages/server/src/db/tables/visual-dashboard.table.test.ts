import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildDevice, buildSite, buildUser } from '../../../test/factories';
import { openTestDatabase } from '../../../test/test-database';
import type { Database, DatabaseHandle } from '../database';
import { uniqueViolationOf } from '../unique-violation';
import { locations } from './sites.table';
import { users } from './users.table';
import {
  visualConnectors,
  visualMachineSensors,
  visualMachines,
  visualSchemas,
  visualTabs,
} from './visual-dashboard.table';

/** What migration 0016 guarantees of the visual dashboard's rows, whatever the service above it does. */
describe('the visual dashboard tables', () => {
  let handle: DatabaseHandle;
  let db: Database;

  beforeAll(async () => {
    handle = await openTestDatabase();
    db = handle.db;
  });
  afterAll(async () => handle.close());

  /** A site with a device, a schema by a person, one tab and two machines. */
  async function plant() {
    const site = await buildSite(db, await buildClient(db));
    const device = await buildDevice(db, site);
    const person = await buildUser(db);
    const [schema] = await db
      .insert(visualSchemas)
      .values({ locationId: site.id, name: 'Plant A', modifiedById: person.id })
      .returning();
    if (schema === undefined) {
      throw new Error('no schema');
    }
    const [tab] = await db
      .insert(visualTabs)
      .values({ schemaId: schema.id, name: 'Receiving', height: 600, width: 970 })
      .returning();
    if (tab === undefined) {
      throw new Error('no tab');
    }
    const machines = await db
      .insert(visualMachines)
      .values([
        { tabId: tab.id, name: 'Leg 1', typeOfMachine: 1, xCoord: 100, yCoord: 80 },
        { tabId: tab.id, name: 'Belt 1', typeOfMachine: 2, xCoord: 400, yCoord: 300 },
      ])
      .returning();
    return { site, device, person, schema, tab, machines };
  }

  it("keeps a tab's shapes and labels whole, with empty lists by default", async () => {
    const { tab } = await plant();
    expect(tab.shapes).toEqual([]);
    expect(tab.textElements).toEqual([]);
    expect(tab.zoom).toBe(100);
  });

  it('refuses one sensor bound on two machines of one schema, and allows it in another schema', async () => {
    const { device, schema, machines, site } = await plant();
    const [leg, belt] = machines;
    const sensorId = `${device.udfId}.head.1`;
    await db.insert(visualMachineSensors).values({
      machineId: leg?.id ?? 0,
      sensorPoint: 101,
      schemaId: schema.id,
      deviceId: device.id,
      sensorId,
    });
    const second = db.insert(visualMachineSensors).values({
      machineId: belt?.id ?? 0,
      sensorPoint: 201,
      schemaId: schema.id,
      deviceId: device.id,
      sensorId,
    });
    await expect(second).rejects.toSatisfy(
      (error: unknown) => uniqueViolationOf(error) === 'visual_machine_sensors_schema_sensor_unique',
    );

    const [copy] = await db
      .insert(visualSchemas)
      .values({ locationId: site.id, name: 'Plant A (2)' })
      .returning();
    const [copyTab] = await db
      .insert(visualTabs)
      .values({ schemaId: copy?.id ?? 0, name: 'Receiving', height: 600, width: 970 })
      .returning();
    const [copyLeg] = await db
      .insert(visualMachines)
      .values({ tabId: copyTab?.id ?? 0, typeOfMachine: 1, xCoord: 0, yCoord: 0 })
      .returning();
    await db.insert(visualMachineSensors).values({
      machineId: copyLeg?.id ?? 0,
      sensorPoint: 101,
      schemaId: copy?.id ?? 0,
      deviceId: device.id,
      sensorId,
    });
  });

  it("removes a site's schemas with everything on them, and keeps a schema whose editor is deleted", async () => {
    const { site, device, person, schema, tab, machines } = await plant();
    const [leg, belt] = machines;
    await db.insert(visualConnectors).values({
      tabId: tab.id,
      startMachineId: leg?.id ?? 0,
      startAnchorPoint: 152,
      endMachineId: belt?.id ?? 0,
      endAnchorPoint: 251,
      additionalPoints: [{ x_coord: 200, y_coord: 80 }],
    });
    await db.insert(visualMachineSensors).values({
      machineId: leg?.id ?? 0,
      sensorPoint: 101,
      schemaId: schema.id,
      deviceId: device.id,
      sensorId: `${device.udfId}.head.1`,
    });

    await db.delete(users).where(eq(users.id, person.id));
    const [kept] = await db.select().from(visualSchemas).where(eq(visualSchemas.id, schema.id));
    expect(kept?.modifiedById).toBeNull();

    // A machine removed takes its connectors and bindings with it.
    await db.delete(visualMachines).where(eq(visualMachines.id, belt?.id ?? 0));
    expect(await db.select().from(visualConnectors).where(eq(visualConnectors.tabId, tab.id))).toEqual([]);

    await db.delete(locations).where(eq(locations.id, site.id));
    expect(await db.select().from(visualTabs).where(eq(visualTabs.id, tab.id))).toEqual([]);
    expect(await db.select().from(visualMachines).where(eq(visualMachines.tabId, tab.id))).toEqual([]);
    expect(
      await db.select().from(visualMachineSensors).where(eq(visualMachineSensors.schemaId, schema.id)),
    ).toEqual([]);
  });
});
