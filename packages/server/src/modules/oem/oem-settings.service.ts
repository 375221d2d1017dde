import type { LayoutSettings, OemSettingsPatch } from '@vigil/contracts';
import { assertStaff } from '../../access/access';
import type { Database } from '../../db/database';
import type { OemSettingsRow } from '../../db/tables/oem.table';
import type { UserRow } from '../../db/tables/users.table';
import { AppError } from '../../errors';
import { findCssProblems } from './css-sanitiser';
import { logoDataUrl, logoFromDataUrl } from './logo';
import type { OemSettingsValues } from './oem-settings.repo';
import * as oemSettingsRepo from './oem-settings.repo';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { oemSettings: oemSettingsRepo };
export type OemSettingsRepositories = typeof REPOSITORIES;
export type OemSettingsDeps = { db: Database; repos?: OemSettingsRepositories };

/** The settings as answered; defaults (no logo, no CSS, empty contacts) until the first write. */
function toLayoutSettings(row: OemSettingsRow | undefined): LayoutSettings {
  return {
    logo: row?.logo ?? null,
    css: row?.css ?? '',
    support_address: row?.supportAddress ?? '',
    support_phone: row?.supportPhone ?? '',
    support_email: row?.supportEmail ?? '',
  };
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

/** Branding and support contacts: public to read (layout-settings/), super user and OEM change them. */
export class OemSettingsService {
  private readonly repos: OemSettingsRepositories;

  constructor(private readonly deps: OemSettingsDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
  }

  /** GET layout-settings/ (public: the landing page shows the logo) and GET oem/settings/. */
  async layoutSettings(): Promise<LayoutSettings> {
    return toLayoutSettings(await this.repos.oemSettings.getOemSettingsRow(this.deps.db));
  }

  /** GET oem/settings/: super user and OEM. */
  async get(user: UserRow): Promise<LayoutSettings> {
    assertStaff(user);
    return this.layoutSettings();
  }

  /** PATCH oem/settings/: super user and OEM; the row is created on first write. */
  async update(user: UserRow, patch: OemSettingsPatch): Promise<LayoutSettings> {
    assertStaff(user);
    const values = checkedValues(patch);
    if (Object.keys(values).length === 0) {
      return this.layoutSettings();
    }
    return toLayoutSettings(await this.repos.oemSettings.upsertOemSettings(this.deps.db, values));
  }

  /** POST oem/settings/logo/: the uploaded file's bytes, checked by content. */
  async uploadLogo(user: UserRow, bytes: Buffer): Promise<LayoutSettings> {
    assertStaff(user);
    const logo = logoDataUrl(bytes);
    return toLayoutSettings(await this.repos.oemSettings.upsertOemSettings(this.deps.db, { logo }));
  }

  /** DELETE oem/settings/logo/: back to the default logo. */
  async resetLogo(user: UserRow): Promise<void> {
    assertStaff(user);
    await this.repos.oemSettings.upsertOemSettings(this.deps.db, { logo: null });
  }
}
