import type { AuditRecord } from '@vigil/contracts';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { auditTimeText } from '../audit-time';
import { AuditChanges } from './AuditChanges';

/** The table's columns: time (zone named), who, address, kind, subject, before → after. */
export function auditColumns(viewerZone: string): ColumnsType<AuditRecord> {
  return [
    {
      title: 'Time',
      key: 'time',
      width: 190,
      render: (_, record) => <span data-testid="audit-time">{auditTimeText(record, viewerZone)}</span>,
    },
    {
      title: 'Who',
      key: 'who',
      width: 200,
      render: (_, record) => (
        <div>
          <div>{record.person.name}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {record.person.email}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: 'Address',
      key: 'address',
      width: 130,
      render: (_, record) => record.address ?? '—',
    },
    {
      title: 'Kind',
      key: 'kind',
      width: 170,
      render: (_, record) => <Tag data-testid="audit-kind">{record.kind_label}</Tag>,
    },
    {
      title: 'Subject',
      key: 'subject',
      width: 200,
      render: (_, record) => (
        <div>
          <div>{record.subject.label}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {record.location === null
              ? record.subject.type
              : `${record.subject.type} · ${record.location.title}`}
          </Typography.Text>
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
