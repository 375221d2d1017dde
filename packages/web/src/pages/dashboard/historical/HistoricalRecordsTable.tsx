import type { HistoricalRecord } from '@vigil/contracts';
import { Table, type TableColumnsType, Tag } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { labelSiteWallClock } from '../../../time/site-time';
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

/** The table's columns; a record's time is the site's wall clock (the server's), labelled with the zone. */
function columnsOf(timeZone: string): TableColumnsType<HistoricalRecord> {
  return [
    {
      key: 'timestamp',
      title: 'Date / Time',
      dataIndex: 'timestamp',
      render: (_: string, record: HistoricalRecord) => (
        <Link to={snapshotPath(record)} data-testid={`historical-record-${record.record_id}`}>
          {labelSiteWallClock(record.timestamp, timeZone)}
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
}

/** One of the historical page's three tables: its third of the records, each linking to its snapshot. */
export function HistoricalRecordsTable({
  records,
  index,
  timeZone,
}: {
  records: HistoricalRecord[];
  index: number;
  /** The site's zone, in which the server wrote the records' times. */
  timeZone: string;
}) {
  const columns = useMemo(() => columnsOf(timeZone), [timeZone]);
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
