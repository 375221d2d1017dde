import type { HistoricalRecord } from '@vigil/contracts';
import { Table, Tag } from 'antd';
import { Link } from 'react-router';
import { snapshotPath } from '../dashboard-paths';

const PAGE_SIZE = 25;

/** Tag colours of a tree's top-level Status (M section 3: OK, Alarm, WARNING, N/A, Not Scanned). */
export function statusColorOf(status: string): string {
  const normal = status.trim().toLowerCase();
  if (normal === 'ok') {
    return 'green';
  }
  if (normal === 'alarm') {
    return 'red';
  }
  if (normal === 'warning') {
    return 'orange';
  }
  return 'default';
}

const columns = [
  {
    key: 'timestamp',
    title: 'Date / Time',
    dataIndex: 'timestamp',
    render: (_: string, record: HistoricalRecord) => (
      <Link to={snapshotPath(record)} data-testid={`historical-record-${record.record_id}`}>
        {record.timestamp}
      </Link>
    ),
  },
  {
    key: 'status',
    title: 'Status',
    dataIndex: 'status',
    width: 110,
    render: (status: string) => <Tag color={statusColorOf(status)}>{status}</Tag>,
  },
];

/** One of the historical page's three tables: its third of the records, each linking to its snapshot. */
export function HistoricalRecordsTable({ records, index }: { records: HistoricalRecord[]; index: number }) {
  return (
    <Table<HistoricalRecord>
      size="small"
      rowKey="record_id"
      columns={columns}
      dataSource={records}
      pagination={
        records.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, simple: true, showSizeChanger: false } : false
      }
      data-testid={`historical-table-${index}`}
    />
  );
}
