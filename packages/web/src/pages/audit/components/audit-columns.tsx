import type { AuditRecord } from '@vigil/contracts';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { auditTimeText } from '../audit-time';
import { AuditChanges } from './AuditChanges';

const secondary = (text: string) => (
  <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
    {text}
  </Typography.Text>
);

/**
 * The table's columns, narrow enough for a 900 px screen without hiding the change: time (zone named); who (name,
 * e-mail, address); what (kind, subject, site); before → after.
 */
export function auditColumns(viewerZone: string): ColumnsType<AuditRecord> {
  return [
    {
      title: 'Time',
      key: 'time',
      width: 120,
      render: (_, record) => <span data-testid="audit-time">{auditTimeText(record, viewerZone)}</span>,
    },
    {
      title: 'Who',
      key: 'who',
      width: 190,
      render: (_, record) => (
        <div style={{ overflowWrap: 'anywhere' }}>
          <div>{record.person.name}</div>
          {secondary(record.person.email)}
          <span data-testid="audit-address">{secondary(record.address ?? 'no address')}</span>
        </div>
      ),
    },
    {
      title: 'What',
      key: 'what',
      width: 200,
      render: (_, record) => (
        <div style={{ overflowWrap: 'anywhere' }}>
          <Tag data-testid="audit-kind">{record.kind_label}</Tag>
          <div>{record.subject.label}</div>
          {secondary(
            record.location === null
              ? record.subject.type
              : `${record.subject.type} · ${record.location.title}`,
          )}
        </div>
      ),
    },
    {
      title: 'Before → after',
      key: 'changes',
      render: (_, record) => <AuditChanges record={record} />,
    },
  ];
}
