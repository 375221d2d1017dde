import { GRAPH_MESSAGES, type Me } from '@vigil/contracts';
import { Alert } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { errorMessageOf } from '../../api/api-error';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { usePageTitle } from '../../hooks/usePageTitle';
import { labelSiteWallClock, parseSiteTime } from '../../time/site-time';
import { useSiteTimeZone } from '../../time/useSiteTimeZone';
import { HISTORICAL_MESSAGES, type HistoricalSearch } from '../dashboard/historical/historical-search';
import { GraphAlertBar } from './components/GraphAlertBar';
import { GraphBoard } from './components/GraphBoard';
import { GraphsHeading } from './components/GraphsHeading';
import { HistoricalGraphsSearch } from './components/HistoricalGraphsSearch';
import { ZoomNotice } from './components/ZoomNotice';
import { GraphsWithoutDevice } from './GraphsPage';
import {
  graphsTimestampOf,
  historicalGraphsPath,
  liveGraphsPath,
  parseHistoricalSegment,
  readZoomRange,
  siteMonthStartOf,
  withZoomRange,
  type ZoomRange,
} from './graph-paths';
import { useGraphAlert } from './hooks/useGraphAlert';
import { useGraphPayload } from './hooks/useGraphPayload';

/**
 * /graphs/historical/graphs/{date}&{time}[/{sensorId}] (M section 2): the graphs up to a moment of the site's
 * time, with the date (first of the month by default) and time pickers, SEARCH and the red historical banner.
 */
export function HistoricalGraphsPage() {
  const me = useCurrentUser();
  const { dateTime, sensorId } = useParams();
  const device = me.current_device;
  usePageTitle(device === null ? 'Historical Graphs' : `${device.title} - Historical Graphs`);
  const timeZone = useSiteTimeZone();
  // The start of the site's month (M section 2), fixed when the page opens, so a render at midnight on the 1st
  // does not jump a month.
  const [fallback] = useState(() => siteMonthStartOf(Date.now(), timeZone));
  const parsed = dateTime === undefined ? null : parseHistoricalSegment(dateTime);
  if (device === null) {
    return <GraphsWithoutDevice />;
  }
  return (
    <HistoricalGraphs
      key={device.id}
      device={device}
      search={parsed ?? fallback}
      isAddressValid={parsed !== null}
      sensorId={sensorId}
      timeZone={timeZone}
    />
  );
}

type HistoricalGraphsProps = {
  device: NonNullable<Me['current_device']>;
  search: HistoricalSearch;
  isAddressValid: boolean;
  sensorId: string | undefined;
  timeZone: string;
};

function HistoricalGraphs({ device, search, isAddressValid, sensorId, timeZone }: HistoricalGraphsProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { alert, showAlert, clearAlert } = useGraphAlert();
  const zoom = readZoomRange(searchParams);
  const payload = useGraphPayload(device.id, {
    kind: 'range',
    range: zoom ?? { timestamp: graphsTimestampOf(search) },
    endsAt: parseSiteTime(`${search.date} ${search.time}`, timeZone),
  });
  const { error, errorAt } = payload;
  useEffect(() => {
    if (errorAt > 0 && error !== null) {
      showAlert('error', errorMessageOf(error, GRAPH_MESSAGES.fetchError));
    }
  }, [error, errorAt, showAlert]);
  const handleZoom = useCallback(
    (range: ZoomRange) => setSearchParams((current) => withZoomRange(current, range)),
    [setSearchParams],
  );

  return (
    <div className="page" data-testid="historical-graphs-page">
      <GraphsHeading
        title={`${device.title} - Historical Graphs`}
        showAllTo={sensorId === undefined ? null : historicalGraphsPath(search)}
      >
        {zoom === null ? null : (
          <ZoomNotice
            range={zoom}
            timeZone={timeZone}
            onReset={() => setSearchParams(withZoomRange(searchParams, null))}
          />
        )}
        <Link to={liveGraphsPath(sensorId)} data-testid="graphs-live-link">
          Live Graphs
        </Link>
      </GraphsHeading>
      <Alert
        type="error"
        banner
        title={`${GRAPH_MESSAGES.historicalBanner} ${labelSiteWallClock(`${search.date} ${search.time}`, timeZone)}`}
        style={{ marginBottom: 12 }}
        data-testid="historical-graphs-banner"
      />
      {isAddressValid ? null : (
        <Alert
          type="warning"
          showIcon
          title={HISTORICAL_MESSAGES.invalidAddress}
          style={{ marginBottom: 12 }}
        />
      )}
      <GraphAlertBar alert={alert} onClose={clearAlert} />
      <HistoricalGraphsSearch
        key={`${search.date}&${search.time}`}
        search={search}
        sensorId={sensorId}
        timeZone={timeZone}
        onAlert={showAlert}
      />
      <GraphBoard
        device={device}
        payload={payload}
        sensorId={sensorId}
        graphType="historical"
        csvTimescale={null}
        onZoom={handleZoom}
        onAlert={showAlert}
        timeZone={timeZone}
      />
    </div>
  );
}
