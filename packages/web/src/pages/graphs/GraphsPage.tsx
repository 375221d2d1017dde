import { GRAPH_MESSAGES, type Me } from '@vigil/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { errorMessageOf } from '../../api/api-error';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useSiteTimeZone } from '../../time/useSiteTimeZone';
import { CustomRangeModal } from './components/CustomRangeModal';
import { GraphAlertBar } from './components/GraphAlertBar';
import { GraphBoard } from './components/GraphBoard';
import { GraphsHeading } from './components/GraphsHeading';
import { GraphTabs } from './components/GraphTabs';
import { NoDeviceGraphs } from './components/NoDeviceGraphs';
import { ZoomNotice } from './components/ZoomNotice';
import {
  historicalGraphsPath,
  liveGraphsPath,
  readZoomRange,
  withZoomRange,
  type ZoomRange,
} from './graph-paths';
import { useGraphAlert } from './hooks/useGraphAlert';
import { type GraphSource, useGraphPayload } from './hooks/useGraphPayload';
import { exportTimescaleOf, type GraphMode, readGraphMode, saveGraphMode } from './timescale-storage';

/** /graphs and /graphs/{sensorId} (M section 2 'Sensor graphs'): the current device's graphs ending now. */
export function GraphsPage() {
  const me = useCurrentUser();
  const { sensorId } = useParams();
  const device = me.current_device;
  usePageTitle(device === null ? 'Sensor Graphs' : `${device.title} - Live Graphs`);
  if (device === null) {
    return <GraphsWithoutDevice />;
  }
  return <LiveGraphs key={device.id} device={device} sensorId={sensorId} />;
}

/** M sections 4 and 8: no device selected is a warning (cleared after 5 s). */
export function GraphsWithoutDevice() {
  const { alert, showAlert, clearAlert } = useGraphAlert();
  useEffect(() => showAlert('noDevice'), [showAlert]);
  return (
    <div className="page" data-testid="graphs-page">
      <GraphsHeading title="Sensor Graphs" showAllTo={null} />
      <GraphAlertBar alert={alert} onClose={clearAlert} />
      <NoDeviceGraphs />
    </div>
  );
}

type LiveGraphsProps = { device: NonNullable<Me['current_device']>; sensorId: string | undefined };

function LiveGraphs({ device, sensorId }: LiveGraphsProps) {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const [mode, setMode] = useState<GraphMode>(() => readGraphMode());
  const [isCustomOpen, setIsCustomOpen] = useState(false);
  const { alert, showAlert, clearAlert } = useGraphAlert();
  const timeZone = useSiteTimeZone();
  const zoom = readZoomRange(searchParams);
  const source: GraphSource =
    zoom !== null
      ? { kind: 'range', range: zoom }
      : mode === 'live'
        ? { kind: 'live' }
        : { kind: 'range', range: { timescale: mode } };
  const payload = useGraphPayload(device.id, source);

  const { error, errorAt } = payload;
  useEffect(() => {
    if (errorAt > 0 && error !== null) {
      showAlert('error', errorMessageOf(error, GRAPH_MESSAGES.fetchError));
    }
  }, [error, errorAt, showAlert]);

  const handleMode = (next: GraphMode) => {
    saveGraphMode(next);
    setMode(next);
    if (zoom !== null) {
      setSearchParams(withZoomRange(searchParams, null));
    }
  };
  const handleZoom = useCallback(
    (range: ZoomRange) => setSearchParams((current) => withZoomRange(current, range)),
    [setSearchParams],
  );

  return (
    <div className="page" data-testid="graphs-page">
      <GraphsHeading
        title={`${device.title} - Live Graphs`}
        showAllTo={sensorId === undefined ? null : liveGraphsPath()}
      >
        {zoom === null ? null : (
          <ZoomNotice
            range={zoom}
            timeZone={timeZone}
            onReset={() => setSearchParams(withZoomRange(searchParams, null))}
          />
        )}
      </GraphsHeading>
      <GraphAlertBar alert={alert} onClose={clearAlert} />
      <GraphTabs mode={mode} onChange={handleMode} onCustom={() => setIsCustomOpen(true)} />
      <GraphBoard
        device={device}
        payload={payload}
        sensorId={sensorId}
        graphType={zoom === null ? mode : 'zoom'}
        // The export call has no range: a zoomed view offers the PNG only.
        csvTimescale={zoom === null ? exportTimescaleOf(mode) : null}
        onZoom={handleZoom}
        onAlert={showAlert}
        timeZone={timeZone}
      />
      <CustomRangeModal
        isOpen={isCustomOpen}
        timeZone={timeZone}
        onCancel={() => setIsCustomOpen(false)}
        onPick={(search) => navigate(historicalGraphsPath(search, sensorId))}
      />
    </div>
  );
}
