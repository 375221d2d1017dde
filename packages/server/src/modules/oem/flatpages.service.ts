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
import type { FlatpageValues } from './flatpages.repo';
import * as flatpagesRepo from './flatpages.repo';
import { sanitisePageHtml } from './html-sanitiser';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { flatpages: flatpagesRepo };
export type FlatpagesRepositories = typeof REPOSITORIES;
export type FlatpagesDeps = { db: Database; repos?: FlatpagesRepositories };

function toFlatpage(row: FlatpageRow): Flatpage {
  return { id: row.id, url: row.url, title: row.title, content: row.content, css: row.css };
}

function urlTaken(): AppError {
  return AppError.validation({ url: [FLATPAGE_MESSAGES.urlTaken] });
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

/** Static pages: public to read, super user and OEM write them (A section 7 'OEM and layout'). */
export class FlatpagesService {
  private readonly repos: FlatpagesRepositories;

  constructor(private readonly deps: FlatpagesDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
  }

  /** GET v2 get-flatpages/: public, every page with its sanitised content. */
  async listPublic(): Promise<Flatpage[]> {
    return (await this.repos.flatpages.listFlatpages(this.deps.db)).map(toFlatpage);
  }

  /** GET v2 flatpages/: super user and OEM, paginated. */
  async listForStaff(user: UserRow, page: Page): Promise<{ count: number; results: Flatpage[] }> {
    assertStaff(user);
    const { count, rows } = await this.repos.flatpages.listFlatpagesPage(this.deps.db, page);
    return { count, results: rows.map(toFlatpage) };
  }

  async get(user: UserRow, id: number): Promise<Flatpage> {
    assertStaff(user);
    const row = await this.repos.flatpages.getFlatpageById(this.deps.db, id);
    if (row === undefined) {
      throw notFound();
    }
    return toFlatpage(row);
  }

  /** POST v2 flatpages/: content sanitised, CSS checked, address unique. */
  async create(user: UserRow, input: FlatpageCreate): Promise<Flatpage> {
    assertStaff(user);
    assertSafeCss('css', input.css);
    await this.assertUrlFree(input.url);
    const values: FlatpageValues = { ...input, content: sanitisePageHtml(input.content) };
    return toFlatpage(await withUniqueUrl(() => this.repos.flatpages.insertFlatpage(this.deps.db, values)));
  }

  /** PATCH v2 flatpages/{id}/: any subset, with the same rules as create. */
  async edit(user: UserRow, id: number, input: FlatpageUpdate): Promise<Flatpage> {
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
      await this.assertUrlFree(input.url, id);
    }
    const defined = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
    const row = await withUniqueUrl(() => this.repos.flatpages.updateFlatpage(this.deps.db, id, defined));
    if (row === undefined) {
      throw notFound();
    }
    return toFlatpage(row);
  }

  /** DELETE v2 flatpages/{id}/. */
  async remove(user: UserRow, id: number): Promise<void> {
    assertStaff(user);
    if (!(await this.repos.flatpages.deleteFlatpage(this.deps.db, id))) {
      throw notFound();
    }
  }

  /** POST v2 flatpages/preview/: what create would store, without storing it (the editor's live preview). */
  preview(user: UserRow, input: FlatpagePreview): FlatpagePreviewResult {
    assertStaff(user);
    assertSafeCss('css', input.css);
    return { content: sanitisePageHtml(input.content), css: input.css };
  }

  private async assertUrlFree(url: string, ownId?: number): Promise<void> {
    const other = await this.repos.flatpages.getFlatpageByUrl(this.deps.db, url);
    if (other !== undefined && other.id !== ownId) {
      throw urlTaken();
    }
  }
}
