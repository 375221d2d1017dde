import { VISUAL_LIMITS, VISUAL_MESSAGES, type VisualSchema } from '@vigil/contracts';
import { assertCanEditSite, getSiteAccess } from '../../access/access';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/tables/users.table';
import { AppError, notFound } from '../../errors';
import type { DomainEventPublisher } from '../../events/domain-events';
import * as schemaCopyRepo from './schema-copy.repo';
import { toSchemaJson } from './schema-json';
import type { SchemaWithEditor } from './schemas.repo';
import * as schemasRepo from './schemas.repo';
import { visibleSchema } from './visible-places';
import { assertVisualDashboard } from './visual-dashboard-access';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { schemas: schemasRepo, copies: schemaCopyRepo };
export type SchemasRepositories = typeof REPOSITORIES;
export type SchemasDeps = {
  db: Database;
  /** The audit trail hears each publish and delete (`change-recorded`, in the transaction). */
  events: DomainEventPublisher;
  repos?: SchemasRepositories;
  now?: () => Date;
};

/**
 * Schemas of a site (M 'Visual dashboard', section 4 'Schema'; docs/visual-dashboard.md): everyone who sees the
 * site reads its versions; its editors publish (with a comment), clone (with a name) and delete. A published
 * schema is frozen: it can be cloned, never changed or deleted.
 */
export class SchemasService {
  private readonly repos: SchemasRepositories;
  private readonly now: () => Date;

  constructor(private readonly deps: SchemasDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
    this.now = deps.now ?? (() => new Date());
  }

  /** GET schemas/?location=: every version of the site, newest change first. */
  async list(user: UserRow, locationId: number): Promise<VisualSchema[]> {
    assertVisualDashboard(user);
    await getSiteAccess(this.deps.db, user, locationId);
    return this.toJson(await this.repos.schemas.findSchemasOfLocation(this.deps.db, locationId));
  }

  /** GET schemas/current/?location=: the site's newest published schema; 404 when it has none. */
  async current(user: UserRow, locationId: number): Promise<VisualSchema> {
    assertVisualDashboard(user);
    await getSiteAccess(this.deps.db, user, locationId);
    const schema = await this.repos.schemas.findCurrentSchema(this.deps.db, locationId);
    if (schema === undefined) {
      throw notFound();
    }
    return this.one(schema);
  }

  /** GET schemas/{id}/. */
  async get(user: UserRow, id: number): Promise<VisualSchema> {
    return this.one(await this.visibleSchema(user, id));
  }

  /** POST schemas/{id}/publish/ {comment}: freezes the version; a published one cannot be published again. */
  async publish(user: UserRow, id: number, comment: string): Promise<VisualSchema> {
    const schema = await this.editableSchema(user, id);
    const published = await this.deps.db.transaction(async (tx) => {
      const done = await this.repos.schemas.publishSchema(tx, schema.id, {
        comment,
        by: user.id,
        at: this.now(),
      });
      if (done !== undefined) {
        const [before, after] = [{ published: false }, { published: true, comment }];
        await this.record(tx, user, 'schema.published', schema, before, after);
      }
      return done;
    });
    if (published === undefined) {
      throw AppError.validation({ non_field_errors: [VISUAL_MESSAGES.modifyPublished] });
    }
    return this.get(user, id);
  }

  /** POST schemas/{id}/clone/ {name}: a new unpublished version with copies of every tab, machine and line. */
  async clone(user: UserRow, id: number, name: string): Promise<VisualSchema> {
    const source = await this.visibleSchema(user, id);
    await assertCanEditSite(this.deps.db, user, source.locationId);
    const copyId = await this.deps.db.transaction(async (tx) => {
      const count = await this.repos.schemas.countSchemasOfLocation(tx, source.locationId);
      if (count >= VISUAL_LIMITS.schemasPerSite) {
        throw AppError.validation({ non_field_errors: [VISUAL_MESSAGES.tooManySchemas] });
      }
      return this.repos.copies.copySchema(tx, source.id, { name, by: user.id, at: this.now() });
    });
    return this.get(user, copyId);
  }

  /** DELETE schemas/{id}/: an unpublished version only, with its tabs, machines and lines. */
  async remove(user: UserRow, id: number): Promise<void> {
    const schema = await this.editableSchema(user, id);
    const deleted = await this.deps.db.transaction(async (tx) => {
      const done = await this.repos.schemas.deleteUnpublishedSchema(tx, schema.id);
      if (done) {
        await this.record(tx, user, 'schema.deleted', schema, { name: schema.name, published: false }, null);
      }
      return done;
    });
    if (!deleted) {
      throw AppError.validation({ non_field_errors: [VISUAL_MESSAGES.modifyPublished] });
    }
  }

  /** The audit record of a publish or delete, in its transaction (docs/audit.md). */
  private record(
    tx: Database,
    user: UserRow,
    kind: 'schema.published' | 'schema.deleted',
    schema: SchemaWithEditor,
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
  ): Promise<void> {
    return this.deps.events.publish(tx, 'change-recorded', {
      kind,
      by: user,
      subject: { type: 'schema', id: schema.id, label: schema.name },
      siteId: schema.locationId,
      clientId: null,
      before,
      after,
    });
  }

  /** The schema when the user sees its site; 404 otherwise (a foreign tenant's schema included). */
  private visibleSchema(user: UserRow, id: number): Promise<SchemaWithEditor> {
    return visibleSchema(this.deps.db, user, id, this.repos.schemas);
  }

  /** The schema when the user edits its site (403 otherwise) and it is not published (400 otherwise). */
  private async editableSchema(user: UserRow, id: number): Promise<SchemaWithEditor> {
    const schema = await this.visibleSchema(user, id);
    await assertCanEditSite(this.deps.db, user, schema.locationId);
    if (schema.isPublished) {
      throw AppError.validation({ non_field_errors: [VISUAL_MESSAGES.modifyPublished] });
    }
    return schema;
  }

  private async one(schema: SchemaWithEditor): Promise<VisualSchema> {
    const [json] = await this.toJson([schema]);
    if (json === undefined) {
      throw notFound();
    }
    return json;
  }

  private async toJson(schemas: SchemaWithEditor[]): Promise<VisualSchema[]> {
    const ids = schemas.map((schema) => schema.id);
    const [tabs, bindings] = await Promise.all([
      this.repos.schemas.findTabsOfSchemas(this.deps.db, ids),
      this.repos.schemas.findBindingsOfSchemas(this.deps.db, ids),
    ]);
    return schemas.map((schema) => toSchemaJson(schema, tabs, bindings));
  }
}
