import { useQuery } from '@tanstack/react-query';
import type { Me } from '@vigil/contracts';
import { Alert, Button, Card, Col, Empty, Flex, Row, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorMessageOf } from '../../api/api-error';
import { historicalRecordsQueryKey, listHistoricalRecords } from '../../api/history';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { usePageTitle } from '../../hooks/usePageTitle';
import { labelSiteWallClock } from '../../time/site-time';
import { useSiteTimeZone } from '../../time/useSiteTimeZone';
import { siteMonthStartOf } from '../graphs/graph-paths';
import { HistoricalRecordsTable } from './historical/HistoricalRecordsTable';
import { type HistoricalSearchDraft, HistoricalSearchFields } from './historical/HistoricalSearchFields';
import {
  HISTORICAL_MESSAGES,
  type HistoricalSearch,
  historicalListPath,
  historicalSearchError,
  parseHistoricalSegment,
  recordsTimestampOf,
  splitIntoThirds,
} from './historical/historical-search';

/** Ours: a failed load without a message from the server. */
const LOAD_FAILED = 'The historical records could not be loaded. Please try again.';

/**
 * /dashboard/historical and /dashboard/historical/{date}&{time} (M section 2): the current device's records at
 * and after the searched time (from the start of the month without one), in three tables by thirds.
 */
export function HistoricalListPage() {
  const me = useCurrentUser();
  const { dateTime } = useParams();
  const parsed = dateTime === undefined ? null : parseHistoricalSegment(dateTime);
  // Every time on the page is the site's wall clock (the records' too), so the default is the start of the
  // site's month, not the browser's; fixed when the page opens, so a render at midnight on the 1st keeps it.
  const timeZone = useSiteTimeZone();
  const [fallback] = useState(() => siteMonthStartOf(Date.now(), timeZone));
  const search = parsed ?? fallback;
  usePageTitle('Historical Data');

  return (
    <div className="page" data-testid="historical-page">
      <Typography.Title level={3} className="page-title">
        Historical Data{me.current_device === null ? '' : ` - ${me.current_device.title}`}
      </Typography.Title>
      <SearchBar
        key={`${search.date}&${search.time}`}
        search={search}
        hasDevice={me.current_device !== null}
        timeZone={timeZone}
      />
      {dateTime !== undefined && parsed === null ? (
        <Alert
          type="warning"
          showIcon
          title={HISTORICAL_MESSAGES.invalidAddress}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Records device={me.current_device} search={search} timeZone={timeZone} />
    </div>
  );
}

type SearchBarProps = { search: HistoricalSearch; hasDevice: boolean; timeZone: string };

function SearchBar({ search, hasDevice, timeZone }: SearchBarProps) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<HistoricalSearchDraft>(search);
  const error = historicalSearchError({ ...draft, hasDevice });
  const handleSearch = () => {
    if (error === null && draft.date !== null && draft.time !== null) {
      navigate(historicalListPath({ date: draft.date, time: draft.time }));
    }
  };
  return (
    <Card size="small" style={{ marginBottom: 16 }}>
      <Flex gap={12} wrap align="center">
        <HistoricalSearchFields
          value={draft}
          onChange={setDraft}
          timeZone={timeZone}
          testId="historical-page"
        />
        <Button
          type="primary"
          disabled={error !== null}
          onClick={handleSearch}
          data-testid="historical-page-search"
        >
          SEARCH
        </Button>
        {error === null ? null : (
          <Typography.Text type="warning" data-testid="historical-page-hint">
            {error}
          </Typography.Text>
        )}
      </Flex>
    </Card>
  );
}

type RecordsProps = { device: Me['current_device']; search: HistoricalSearch; timeZone: string };

function Records({ device, search, timeZone }: RecordsProps) {
  const timestamp = recordsTimestampOf(search);
  const from = labelSiteWallClock(timestamp, timeZone);
  const deviceId = device?.id ?? 0;
  const records = useQuery({
    queryKey: historicalRecordsQueryKey(deviceId, timestamp),
    queryFn: ({ signal }) => listHistoricalRecords(deviceId, timestamp, signal),
    enabled: device !== null,
  });
  if (device === null) {
    return null;
  }
  if (records.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={errorMessageOf(records.error, LOAD_FAILED)}
        data-testid="historical-error"
      />
    );
  }
  if (records.data === undefined) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  }
  const items = records.data.results;
  if (items.length === 0) {
    return <Empty description={HISTORICAL_MESSAGES.empty} data-testid="historical-empty" />;
  }
  return (
    <>
      <Typography.Paragraph type="secondary" data-testid="historical-count">
        {items.length === records.data.count
          ? `${items.length} records from ${from}`
          : `The first ${items.length} of ${records.data.count} records from ${from}`}
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {splitIntoThirds(items).map((third, index) => (
          // The thirds never reorder: the index is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed three columns
          <Col key={index} xs={24} md={8}>
            <HistoricalRecordsTable records={third} index={index} timeZone={timeZone} />
          </Col>
        ))}
      </Row>
    </>
  );
}
