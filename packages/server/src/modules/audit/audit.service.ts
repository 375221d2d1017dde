import {
  AUDIT_DEFAULT_LIMIT,
  AUDIT_MESSAGES,
  AUDIT_RANGE_DAYS,
  type AuditPerson,
  type AuditQuery,
  type AuditRecord,
  clampQueryInstant,
  mayReadAudit,
} from '@vigil/contracts';
import { getSiteAccess, isStaffUser } from '../../access/access';
import { findAdministeredClientIds } from '../../access/access.repo';
import type { Database } from '../../db/database';
import type { Page } from '../../db/page';
import type { UserRow } from '../../db/tables/users.table';
import { AppError, forbidden } from '../../errors';
import type { AuditFilter, AuditScope } from './audit.repo';
import * as auditRepo from './audit.repo';
import { auditCsvHeader, auditCsvLine } from './audit-csv';
import { toAuditRecord } from './audit-record-json';

const REPOSITORIES = { audit: auditRepo };
export type AuditRepositories = typeof REPOSITORIES;
export type AuditDeps = { db: Database; repos?: AuditRepositories; now?: () => Date };

const DAY_MS = 86_400_000;
/** Rows read per query while a CSV streams. */
const EXPORT_CHUNK = 1000;
/** The Person filter offers the people of the last 90 days, at most this many. */
const PEOPLE_DAYS = 90;
const PEOPLE_LIMIT = 500;

/**
 * The audit trail as people read it (docs/audit.md 'Who reads'): staff read every record; an accounts administrator
 * the records of the clients they administer; a manager those of the sites they see; everyone else 403. A site
 * filter the reader may not see answers 404, as everywhere.
 */
export class AuditService {
  private readonly repos: AuditRepositories;
  private readonly now: () => Date;

  constructor(private readonly deps: AuditDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * The records the reader may see: staff every record; accounts management those of the clients they administer;
   * a manager (the role flag) those of the sites where they are Manager. 403 for anyone else (an engineer who is
   * Manager of a site they added included: the trail is the managers' tool, docs/decisions.md).
   */
  async scopeOf(user: UserRow): Promise<AuditScope> {
    if (isStaffUser(user)) {
      return { all: true };
    }
    const flags = { is_superuser: false, is_oem: false, is_manager: user.isManager };
    if (!mayReadAudit({ ...flags, is_accounts_management: user.isAccountsManagement })) {
      throw forbidden();
    }
    const { db } = this.deps;
    const clientIds = user.isAccountsManagement ? await findAdministeredClientIds(db, user.id) : [];
    const siteIds = user.isManager ? await this.repos.audit.findManagedSiteIds(db, user.id) : [];
    return { all: false, siteIds, clientIds };
  }

  private async filterOf(user: UserRow, query: AuditQuery): Promise<AuditFilter> {
    const scope = await this.scopeOf(user);
    if (query.location !== undefined) {
      await getSiteAccess(this.deps.db, user, query.location);
    }
    return {
      scope,
      siteId: query.location,
      personId: query.person,
      kinds: query.kind,
      from: query.date_from,
      to: query.date_to,
    };
  }

  async list(
    user: UserRow,
    query: AuditQuery,
  ): Promise<{ page: Page; count: number; results: AuditRecord[] }> {
    const filter = await this.filterOf(user, query);
    const page = { limit: query.limit ?? AUDIT_DEFAULT_LIMIT, offset: query.offset ?? 0 };
    const { count, rows } = await this.repos.audit.findAuditRecords(this.deps.db, filter, page);
    return { page, count, results: rows.map(toAuditRecord) };
  }

  /** The Person filter's choices: the people with records the reader sees in the last 90 days. */
  async people(user: UserRow): Promise<AuditPerson[]> {
    const scope = await this.scopeOf(user);
    const since = new Date(this.now().getTime() - PEOPLE_DAYS * DAY_MS);
    return this.repos.audit.findAuditPeople(this.deps.db, scope, since, PEOPLE_LIMIT);
  }

  /**
   * audit.csv of a query, as the notifications export: a date bound is required, the range is at most 30 days (a
   * single bound spans 30 days from it), streamed a thousand rows at a time, newest first.
   */
  async exportCsv(user: UserRow, query: AuditQuery): Promise<AsyncIterable<string>> {
    const { date_from: from, date_to: to } = query;
    if (from === undefined && to === undefined) {
      // The reader's right comes first: a person who may not read the trail is told so, whatever they sent.
      await this.scopeOf(user);
      throw AppError.validation({ non_field_errors: [AUDIT_MESSAGES.exportWithoutDate] });
    }
    const span = AUDIT_RANGE_DAYS * DAY_MS;
    const filter: AuditFilter = {
      ...(await this.filterOf(user, query)),
      from: from ?? new Date(clampQueryInstant((to as Date).getTime() - span)),
      to: to ?? new Date(clampQueryInstant((from as Date).getTime() + span)),
    };
    const { db } = this.deps;
    const { repos } = this;
    async function* lines(): AsyncGenerator<string> {
      yield auditCsvHeader();
      let after: { at: Date; id: number } | undefined;
      for (;;) {
        const rows = await repos.audit.findAuditRecordsAfter(db, filter, after, EXPORT_CHUNK);
        if (rows.length > 0) {
          yield rows.map((row) => auditCsvLine(toAuditRecord(row))).join('');
        }
        const last = rows.at(-1);
        if (last === undefined || rows.length < EXPORT_CHUNK) {
          return;
        }
        after = { at: last.at, id: last.id };
      }
    }
    return lines();
  }
}
