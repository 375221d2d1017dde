import { z } from 'zod';
import { MAX_ID, paginatedSchema } from './common';
import { dateBound } from './notification-query';
import { NOTIFICATIONS_MESSAGES, NOTIFICATIONS_RANGE_DAYS } from './notifications';

/**
 * The audit trail (issue 27 'Audit trail'; docs/audit.md): every change a person makes, who made it, when, from
 * which address, and the values before and after. Records are only ever added; they follow the history retention.
 */

/** What was changed (docs/audit.md 'Kinds recorded'). */
export const AUDIT_KINDS = [
  'user.created',
  'user.changed',
  'user.removed',
  'membership.changed',
  'site.created',
  'site.changed',
  'site.removed',
  'device.created',
  'device.changed',
  'device.removed',
  'warning.changed',
  'sensor-name.changed',
  'sensor-type.changed',
  'sensor-image.changed',
  'email-rule.created',
  'email-rule.changed',
  'email-rule.deleted',
  'maintenance.step',
  'maintenance.comment',
  'notification.acknowledged',
  'schema.published',
  'schema.deleted',
  'escalation-policy.changed',
  'sensor.shelved',
  'sensor.unshelved',
] as const;
export const AuditKindSchema = z.enum(AUDIT_KINDS);
export type AuditKind = z.infer<typeof AuditKindSchema>;

/** How the page and the CSV name each kind. */
export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  'user.created': 'User created',
  'user.changed': 'User changed',
  'user.removed': 'User removed',
  'membership.changed': 'Site access changed',
  'site.created': 'Site created',
  'site.changed': 'Site changed',
  'site.removed': 'Site removed',
  'device.created': 'Device added',
  'device.changed': 'Device changed',
  'device.removed': 'Device removed',
  'warning.changed': 'Warnings changed',
  'sensor-name.changed': 'Sensor names changed',
  'sensor-type.changed': 'Sensor types changed',
  'sensor-image.changed': 'Sensor images changed',
  'email-rule.created': 'E-mail rule created',
  'email-rule.changed': 'E-mail rule changed',
  'email-rule.deleted': 'E-mail rule deleted',
  'maintenance.step': 'Maintenance step',
  'maintenance.comment': 'Maintenance comment',
  'notification.acknowledged': 'Alarm acknowledged',
  'schema.published': 'Schema published',
  'schema.deleted': 'Schema deleted',
  'escalation-policy.changed': 'Escalation policy changed',
  'sensor.shelved': 'Sensor shelved',
  'sensor.unshelved': 'Sensor unshelved',
};

/** What a record is about. */
export const AUDIT_SUBJECT_TYPES = [
  'user',
  'site',
  'device',
  'notification',
  'email-rule',
  'maintenance',
  'schema',
  'sensor',
] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];

export const AUDIT_DEFAULT_LIMIT = 25;
export const AUDIT_MAX_LIMIT = 200;
export const AUDIT_RANGE_DAYS = NOTIFICATIONS_RANGE_DAYS;

export const AUDIT_MESSAGES = {
  /** As the notifications export (docs/notifications.md). */
  exportWithoutDate: 'Please select a date range before exporting the audit trail.',
  rangeTooLong: NOTIFICATIONS_MESSAGES.rangeTooLong,
  rangeInverted: NOTIFICATIONS_MESSAGES.rangeInverted,
  dateInvalid: NOTIFICATIONS_MESSAGES.dateInvalid,
  kindInvalid: `Kind must be one of: ${AUDIT_KINDS.join(', ')}.`,
} as const;

/** A value written in place of a secret (a password hash, a token, a key) in before and after. */
export const AUDIT_REDACTED = '[redacted]';

const idFilter = z.coerce.number().int().positive().max(MAX_ID).optional();

/** GET audit/ and audit/export/ (the notifications log's paging and filter style). */
export const AuditQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(AUDIT_MAX_LIMIT).optional().describe('Page size (25)'),
    offset: z.coerce.number().int().min(0).max(10_000_000).optional().describe('Rows to skip'),
    location: idFilter.describe('Site id'),
    person: idFilter.describe('The user id of who made the change'),
    kind: z
      .string()
      .trim()
      .optional()
      .transform((text, context) => {
        if (text === undefined || text === '') {
          return undefined;
        }
        const kinds = text.split(',').map((part) => part.trim());
        if (!kinds.every((kind) => (AUDIT_KINDS as readonly string[]).includes(kind))) {
          context.addIssue({ code: 'custom', message: AUDIT_MESSAGES.kindInvalid });
          return z.NEVER;
        }
        return kinds as AuditKind[];
      })
      .describe('One kind or several separated by commas'),
    date_from: dateBound('from').describe('YYYY-MM-DD, ISO 8601 or unix seconds'),
    date_to: dateBound('to').describe('YYYY-MM-DD (its whole day), ISO 8601 or unix seconds'),
  })
  .superRefine((query, context) => {
    const { date_from: from, date_to: to } = query;
    if (from !== undefined && to !== undefined) {
      if (from > to) {
        context.addIssue({ code: 'custom', path: ['date_from'], message: AUDIT_MESSAGES.rangeInverted });
      } else if (to.getTime() - from.getTime() > AUDIT_RANGE_DAYS * 86_400_000) {
        context.addIssue({ code: 'custom', path: ['date_to'], message: AUDIT_MESSAGES.rangeTooLong });
      }
    }
  });
export type AuditQueryInput = z.input<typeof AuditQuerySchema>;
export type AuditQuery = z.output<typeof AuditQuerySchema>;

/** Before and after: a JSON object of the fields that matter (secrets never included). */
export const AuditValuesSchema = z.record(z.string(), z.unknown()).nullable();
export type AuditValues = z.infer<typeof AuditValuesSchema>;

/** One record of the trail. */
export const AuditRecordSchema = z.object({
  id: z.number().int(),
  at: z.number().describe('Unix seconds'),
  time: z.string().describe("The wall clock in `timezone` (the site's zone, else UTC)"),
  timezone: z.string().describe('The IANA zone `time` is written in'),
  person: z.object({
    id: z.number().int().nullable().describe('Null once the person was deleted'),
    name: z.string().describe('Their name at the time'),
    email: z.string().describe('Their e-mail at the time'),
  }),
  address: z.string().nullable().describe('The request address (X-Forwarded-For through TRUST_PROXY)'),
  kind: AuditKindSchema,
  kind_label: z.string(),
  subject: z.object({
    type: z.string(),
    id: z.string(),
    label: z.string(),
  }),
  location: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  client_id: z.number().int().nullable(),
  before: AuditValuesSchema,
  after: AuditValuesSchema,
});
export type AuditRecord = z.infer<typeof AuditRecordSchema>;

export const AuditPageSchema = paginatedSchema(AuditRecordSchema);
export type AuditPage = z.infer<typeof AuditPageSchema>;

/** A person a reader may filter by (the people with records the reader sees). */
export const AuditPersonSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type AuditPerson = z.infer<typeof AuditPersonSchema>;
export const AuditPeopleSchema = z.array(AuditPersonSchema);

/** One line of a before → after diff: a field whose value differs. */
export type AuditDiffLine = { field: string; before: unknown; after: unknown };

/** None, whichever way it is written: null, absent, or empty text. */
const noneOf = (value: unknown): unknown => (value === undefined || value === '' ? null : value);

/**
 * The fields whose values differ between before and after (either may be null: a creation, a deletion); an empty
 * text and no value are the same (a creation does not list the fields it left empty).
 */
export function auditDiff(before: AuditValues, after: AuditValues): AuditDiffLine[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .map((field) => ({ field, before: noneOf(before?.[field]), after: noneOf(after?.[field]) }))
    .filter((line) => JSON.stringify(line.before) !== JSON.stringify(line.after));
}

/** A value as a person reads it in a diff: text as is, none as '—', lists and objects as compact JSON. */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') {
    return '—';
  }
  if (typeof value === 'string') {
    return value;
  }
  if (typeof value === 'number' || typeof value === 'boolean') {
    return String(value);
  }
  return JSON.stringify(value);
}

/**
 * Who may read the trail (the server checks it, the menu shows the entry): super users and OEM (every record),
 * accounts management (their clients' records) and managers (the records of the sites they manage).
 */
export function mayReadAudit(user: {
  is_superuser: boolean;
  is_oem: boolean;
  is_accounts_management: boolean;
  is_manager: boolean;
}): boolean {
  return user.is_superuser || user.is_oem || user.is_accounts_management || user.is_manager;
}
