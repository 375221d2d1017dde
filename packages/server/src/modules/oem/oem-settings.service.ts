import type { LayoutSettings, OemSettingsPatch } from '@vigil/contracts';
import { assertStaff } from '../../access/access';
import type { Database } from '../../db/database';
import type { OemSettingsRow } from '../../db/tables/oem.table';
import type { UserRow } from '../../db/tables/users.table';
import { AppError } from '../../errors';
import { findCssProblems } from './css-sanitiser';
import { logoDataUrl, logoFromDataUrl } from './logo';
import { getOemSettingsRow, type OemSettingsValues, upsertOemSettings } from './oem-settings.repo';

/** The settings as answered; defaults (no logo, no CSS, empty contacts) until the first write. */
export function toLayoutSettings(row: OemSettingsRow | undefined): LayoutSettings {
  return {
    logo: row?.logo ?? null,
    css: row?.css ?? '',
    support_address: row?.supportAddress ?? '',
    support_phone: row?.supportPhone ?? '',
    support_email: row?.supportEmail ?? '',
  };
}

/** GET layout-settings/ (public: the landing page shows the logo) and GET oem/settings/. */
export async function getLayoutSettings(db: Database): Promise<LayoutSettings> {
  return toLayoutSettings(await getOemSettingsRow(db));
}

/** The logo to store: null for the default, otherwise a checked image data URL. */
function logoValue(logo: string | null): string | null {
  return logo === null || logo.trim() === '' ? null : logoFromDataUrl(logo);
}

/** Row values of a PATCH after the checks that need the server (logo bytes, CSS rules); 400 lists all. */
function checkedValues(patch: OemSettingsPatch): OemSettingsValues {
  const values: OemSettingsValues = {
    supportAddress: patch.support_address,
    supportPhone: patch.support_phone,
    supportEmail: patch.support_email,
  };
  const errors: Record<string, string[]> = {};
  if (patch.css !== undefined) {
    const problems = findCssProblems(patch.css);
    if (problems.length > 0) {
      errors.css = problems;
    }
    values.css = patch.css;
  }
  if (patch.logo !== undefined) {
    try {
      values.logo = logoValue(patch.logo);
    } catch (error) {
      if (!(error instanceof AppError) || error.fields === undefined) {
        throw error;
      }
      Object.assign(errors, error.fields);
    }
  }
  if (Object.keys(errors).length > 0) {
    throw AppError.validation(errors);
  }
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

/** PATCH oem/settings/: super user and OEM; the row is created on first write. */
export async function updateOemSettings(
  db: Database,
  user: UserRow,
  patch: OemSettingsPatch,
): Promise<LayoutSettings> {
  assertStaff(user);
  const values = checkedValues(patch);
  if (Object.keys(values).length === 0) {
    return getLayoutSettings(db);
  }
  return toLayoutSettings(await upsertOemSettings(db, values));
}

/** GET oem/settings/: super user and OEM. */
export async function getOemSettings(db: Database, user: UserRow): Promise<LayoutSettings> {
  assertStaff(user);
  return getLayoutSettings(db);
}

/** POST oem/settings/logo/: the uploaded file's bytes, checked by content. */
export async function uploadOemLogo(db: Database, user: UserRow, bytes: Buffer): Promise<LayoutSettings> {
  assertStaff(user);
  const logo = logoDataUrl(bytes);
  return toLayoutSettings(await upsertOemSettings(db, { logo }));
}

/** DELETE oem/settings/logo/: back to the default logo. */
export async function resetOemLogo(db: Database, user: UserRow): Promise<void> {
  assertStaff(user);
  await upsertOemSettings(db, { logo: null });
}
