import { GRAPH_MESSAGES } from '@vigil/contracts';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  type HistoricalSearchDraft,
  HistoricalSearchFields,
} from '../../dashboard/historical/HistoricalSearchFields';
import type { HistoricalSearch } from '../../dashboard/historical/historical-search';
import { historicalGraphsPath } from '../graph-paths';
import type { ShowGraphAlert } from '../hooks/useGraphAlert';

type HistoricalGraphsSearchProps = {
  search: HistoricalSearch;
  sensorId: string | undefined;
  /** The site's zone, in which the date and time are asked. */
  timeZone: string;
  onAlert: ShowGraphAlert;
};

/** The date and time pickers and SEARCH of the historical graphs (M section 2); no date: 'Select date!'. */
export function HistoricalGraphsSearch({ search, sensorId, timeZone, onAlert }: HistoricalGraphsSearchProps) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<HistoricalSearchDraft>(search);
  const handleSearch = () => {
    if (draft.date === null || draft.date.trim() === '') {
      onAlert('selectDate');
      return;
    }
    // No time chosen: the start of the day.
    navigate(historicalGraphsPath({ date: draft.date, time: draft.time ?? '00:00' }, sensorId));
  };
  return (
    <Flex gap={12} wrap align="center" style={{ marginBottom: 12 }}>
      <HistoricalSearchFields
        value={draft}
        onChange={setDraft}
        timeZone={timeZone}
        testId="historical-graphs"
      />
      <Button type="primary" onClick={handleSearch} data-testid="historical-graphs-search">
        {GRAPH_MESSAGES.search}
      </Button>
    </Flex>
  );
}
