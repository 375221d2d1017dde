import { type AuditRecord, auditDiff, auditValueText, zoneLabelOf } from '@vigil/contracts';
import { textCell } from '../../http/csv-cells';

/**
 * audit.csv (docs/audit.md): the notifications export's form (RFC 4180 quoting, CRLF rows, UTF-8 with a BOM,
 * formula-guarded text cells, the wall clock and its zone in columns of their own), one row per record, newest
 * first. `changes` is the readable diff ('field: before → after; …'); `before` and `after` the stored JSON.
 */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'time',
  'time_zone',
  'timestamp',
  'person',
  'email',
  'address',
  'kind',
  'site',
  'subject_type',
  'subject_id',
  'subject',
  'changes',
  'before',
  'after',
] as const;

export function auditCsvHeader(): string {
  return `\uFEFF${AUDIT_CSV_COLUMNS.join(',')}\r\n`;
}

/** 'field: before → after; …' of a record. */
export function changesText(record: Pick<AuditRecord, 'before' | 'after'>): string {
  return auditDiff(record.before, record.after)
    .map((line) => `${line.field}: ${auditValueText(line.before)} → ${auditValueText(line.after)}`)
    .join('; ');
}

export function auditCsvLine(record: AuditRecord): string {
  const cells = [
    String(record.id),
    textCell(record.time),
    textCell(zoneLabelOf(new Date(record.at * 1000), record.timezone)),
    String(record.at),
    textCell(record.person.name),
    textCell(record.person.email),
    textCell(record.address ?? ''),
    textCell(record.kind),
    textCell(record.location?.title ?? ''),
    textCell(record.subject.type),
    textCell(record.subject.id),
    textCell(record.subject.label),
    textCell(changesText(record)),
    textCell(record.before === null ? '' : JSON.stringify(record.before)),
    textCell(record.after === null ? '' : JSON.stringify(record.after)),
  ];
  return `${cells.join(',')}\r\n`;
}
