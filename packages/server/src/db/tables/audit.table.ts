import type { AuditKind, AuditValues } from '@vigil/contracts';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit trail (issue 27, docs/audit.md): one row per change a person made. Rows are only inserted (by the
 * audit domain, from the `change-recorded` domain event) and deleted by the history retention. No foreign keys:
 * a record outlives the person, site or client it names (their name, e-mail and label are copied into it).
 */
export const auditRecords = pgTable(
  'audit_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    personId: integer('person_id'),
    personName: text('person_name').notNull(),
    personEmail: text('person_email').notNull(),
    /** The request's address as Fastify gives it (X-Forwarded-For through TRUST_PROXY); null off a request. */
    address: text('address'),
    kind: text('kind').$type<AuditKind>().notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    subjectLabel: text('subject_label').notNull(),
    siteId: integer('site_id'),
    clientId: integer('client_id'),
    before: jsonb('before').$type<AuditValues>(),
    after: jsonb('after').$type<AuditValues>(),
  },
  (t) => [
    index('audit_records_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_records_site_at_idx').on(t.siteId, t.at.desc(), t.id.desc()),
    index('audit_records_client_at_idx').on(t.clientId, t.at.desc(), t.id.desc()),
    index('audit_records_person_at_idx').on(t.personId, t.at.desc(), t.id.desc()),
  ],
);

export type AuditRecordRow = typeof auditRecords.$inferSelect;
export type NewAuditRecordRow = typeof auditRecords.$inferInsert;
