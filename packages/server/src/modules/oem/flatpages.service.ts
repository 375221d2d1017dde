import {
  FLATPAGE_MESSAGES,
  type Flatpage,
  type FlatpageCreate,
  type FlatpagePreview,
  type FlatpagePreviewResult,
  type FlatpageUpdate,
} from '@vigil/contracts';
import { assertStaff } from '../../access/access';
import type { Database } from '../../db/database';
import type { Page } from '../../db/page';
import type { FlatpageRow } from '../../db/tables/oem.table';
import type { UserRow } from '../../db/tables/users.table';
import { uniqueViolationOf } from '../../db/unique-violation';
import { AppError, notFound } from '../../errors';
import { assertSafeCss } from './css-sanitiser';
import {
  deleteFlatpage,
  type FlatpageValues,
  getFlatpageById,
  getFlatpageByUrl,
  insertFlatpage,
  listFlatpages,
  listFlatpagesPage,
  updateFlatpage,
} from './flatpages.repo';
import { sanitisePageHtml } from './html-sanitiser';

export function toFlatpage(row: FlatpageRow): Flatpage {
  return { id: row.id, url: row.url, title: row.title, content: row.content, css: row.css };
}

/** GET v2 get-flatpages/: public, every page with its sanitised content. */
export async function listPublicFlatpages(db: Database): Promise<Flatpage[]> {
  return (await listFlatpages(db)).map(toFlatpage);
}

/** GET v2 flatpages/: super user and OEM, paginated. */
export async function listFlatpagesForStaff(
  db: Database,
  user: UserRow,
  page: Page,
): Promise<{ count: number; results: Flatpage[] }> {
  assertStaff(user);
  const { count, rows } = await listFlatpagesPage(db, page);
  return { count, results: rows.map(toFlatpage) };
}

export async function getFlatpage(db: Database, user: UserRow, id: number): Promise<Flatpage> {
  assertStaff(user);
  const row = await getFlatpageById(db, id);
  if (row === undefined) {
    throw notFound();
  }
  return toFlatpage(row);
}

function urlTaken(): AppError {
  return AppError.validation({ url: [FLATPAGE_MESSAGES.urlTaken] });
}

async function assertUrlFree(db: Database, url: string, ownId?: number): Promise<void> {
  const other = await getFlatpageByUrl(db, url);
  if (other !== undefined && other.id !== ownId) {
    throw urlTaken();
  }
}

/** A concurrent save of the same address loses with the same 400 as the check before it. */
async function withUniqueUrl<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolationOf(error) !== undefined) {
      throw urlTaken();
    }
    throw error;
  }
}

/** POST v2 flatpages/: content sanitised, CSS checked, address unique. */
export async function createFlatpage(db: Database, user: UserRow, input: FlatpageCreate): Promise<Flatpage> {
  assertStaff(user);
  assertSafeCss('css', input.css);
  await assertUrlFree(db, input.url);
  const values: FlatpageValues = { ...input, content: sanitisePageHtml(input.content) };
  return toFlatpage(await withUniqueUrl(() => insertFlatpage(db, values)));
}

/** PATCH v2 flatpages/{id}/: any subset, with the same rules as create. */
export async function editFlatpage(
  db: Database,
  user: UserRow,
  id: number,
  input: FlatpageUpdate,
): Promise<Flatpage> {
  assertStaff(user);
  const values: Partial<FlatpageValues> = { url: input.url, title: input.title };
  if (input.css !== undefined) {
    values.css = input.css ?? '';
    assertSafeCss('css', values.css);
  }
  if (input.content !== undefined) {
    values.content = sanitisePageHtml(input.content ?? '');
  }
  if (input.url !== undefined) {
    await assertUrlFree(db, input.url, id);
  }
  const defined = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
  const row = await withUniqueUrl(() => updateFlatpage(db, id, defined));
  if (row === undefined) {
    throw notFound();
  }
  return toFlatpage(row);
}

/** DELETE v2 flatpages/{id}/. */
export async function removeFlatpage(db: Database, user: UserRow, id: number): Promise<void> {
  assertStaff(user);
  if (!(await deleteFlatpage(db, id))) {
    throw notFound();
  }
}

/** POST v2 flatpages/preview/: what create would store, without storing it (the editor's live preview). */
export function previewFlatpage(user: UserRow, input: FlatpagePreview): FlatpagePreviewResult {
  assertStaff(user);
  assertSafeCss('css', input.css);
  return { content: sanitisePageHtml(input.content), css: input.css };
}
