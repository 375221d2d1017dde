import { type Tab, TabSaveSchema, VISUAL_MESSAGES } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignToSite, buildClient, buildDevice, buildSite, buildUser } from '../../../test/factories';
import { tabSavePayload } from '../../../test/fixtures/visual-dashboard';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import type { LocationRow } from '../../db/tables/sites.table';
import type { UserRow } from '../../db/tables/users.table';
import { visualSchemas } from '../../db/tables/visual-dashboard.table';
import { TAB_CHANGED, TabSaveService } from './tab-save.service';
import * as tabsRepo from './tabs.repo';
import { TAB_REPOSITORIES, TabsService } from './tabs.service';

/** Races of a tab save: what the check read has changed when the transaction runs. */
describe('TabSaveService under races', () => {
  let t: TestApp;
  let site: LocationRow;
  let editor: UserRow;
  let schemaId: number;
  let sensor: string;

  const save = (overrides: object = {}, bound: string[] = []) =>
    TabSaveSchema.parse(tabSavePayload({ location: site.id, schema: schemaId }, bound, overrides));

  /** A save service whose tabs repository's `name` answers truly only on its first call (`firstTrue`) or only after it. */
  function racing<K extends 'findSchemaBindingsOutsideTab' | 'findMachinesOfTab'>(
    name: K,
    firstTrue: boolean,
  ) {
    let calls = 0;
    const real = TAB_REPOSITORIES.tabs[name] as (...args: unknown[]) => Promise<unknown[]>;
    const swapped = async (...args: unknown[]) => ((calls++ === 0) === firstTrue ? real(...args) : []);
    return new TabSaveService({
      db: t.db,
      repos: { ...TAB_REPOSITORIES, tabs: { ...tabsRepo, [name]: swapped } },
    });
  }

  beforeAll(async () => {
    t = await buildTestApp();
    site = await buildSite(t.db, await buildClient(t.db));
    sensor = `${(await buildDevice(t.db, site)).udfId}.head.1`;
    editor = await buildUser(t.db, { roles: { visualDashboardEnabled: true } });
    await assignToSite(t.db, editor, site, 'Engineer');
    const [schema] = await t.db
      .insert(visualSchemas)
      .values({ locationId: site.id, name: 'Plant' })
      .returning();
    schemaId = schema?.id ?? 0;
    await new TabSaveService({ db: t.db }).create(editor, save({}, [sensor]));
  });
  afterAll(async () => t.close());

  it('answers a binding the unique index refused (the check saw none) with the same 400', async () => {
    const refused = racing('findSchemaBindingsOutsideTab', false).create(
      editor,
      save({ name: 'Race' }, [sensor]),
    );
    await expect(refused).rejects.toMatchObject({
      fields: { machines: [`${sensor} ${VISUAL_MESSAGES.alreadyInUse('Leg 1')}`] },
    });
  });

  it('answers 400 when a machine the save keeps was deleted after the check', async () => {
    const { id } = await new TabSaveService({ db: t.db }).create(editor, save({ name: 'Kept' }));
    const tab: Tab = await new TabsService({ db: t.db }).get(editor, id);
    const [leg] = tab.machines;
    const kept = save({
      machines: [{ ...tabSavePayload({ location: 0, schema: 0 }).machines[0], id: leg?.id }],
      connectors: [],
    });
    await expect(racing('findMachinesOfTab', true).update(editor, id, kept)).rejects.toMatchObject({
      fields: { non_field_errors: [TAB_CHANGED] },
    });
  });
});
