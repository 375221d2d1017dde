import { type AuditRecord, auditDiff, auditValueText } from '@vigil/contracts';
import { Typography } from 'antd';

/**
 * Before → after as a person reads it: one line per field that changed ('title: Dryer 1 → Dryer 2'); a creation
 * lists what was set, a deletion what was there.
 */
export function AuditChanges({ record }: { record: Pick<AuditRecord, 'before' | 'after'> }) {
  const lines = auditDiff(record.before, record.after);
  if (lines.length === 0) {
    return <Typography.Text type="secondary">No field changed</Typography.Text>;
  }
  return (
    <ul className="audit-changes" data-testid="audit-changes">
      {lines.map((line) => (
        <li key={line.field}>
          <Typography.Text strong>{line.field}</Typography.Text>
          {': '}
          <Typography.Text type="secondary" delete={record.after !== null} data-testid="audit-before">
            {auditValueText(line.before)}
          </Typography.Text>
          {' → '}
          <Typography.Text data-testid="audit-after">{auditValueText(line.after)}</Typography.Text>
        </li>
      ))}
    </ul>
  );
}
