import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { type OemSettingsRow, oemSettings } from '../../db/tables/oem.table';

/** The portal has one settings row, id 1, created on first write. */
const SETTINGS_ID = 1;

export type OemSettingsValues = Partial<
  Pick<OemSettingsRow, 'logo' | 'css' | 'supportAddress' | 'supportPhone' | 'supportEmail'>
>;

export async function getOemSettingsRow(db: Database): Promise<OemSettingsRow | undefined> {
  const [row] = await db.select().from(oemSettings).where(eq(oemSettings.id, SETTINGS_ID)).limit(1);
  return row;
}

/** Writes the given fields, creating the row on first use. */
export async function upsertOemSettings(db: Database, values: OemSettingsValues): Promise<OemSettingsRow> {
  const set = { ...values, updatedAt: new Date() };
  const [row] = await db
    .insert(oemSettings)
    .values({ id: SETTINGS_ID, ...set })
    .onConflictDoUpdate({ target: oemSettings.id, set })
    .returning();
  if (row === undefined) {
    throw new Error('upsert into oem_settings returned no row');
  }
  return row;
}
