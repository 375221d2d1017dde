import { GRAPH_MESSAGES, type GraphTimescale, graphExportFileName, type Me } from '@vigil/contracts';
import { Button, Empty, Flex, Spin } from 'antd';
import { useCallback, useMemo } from 'react';
import { errorMessageOf } from '../../../api/api-error';
import { exportGraphCsv } from '../../../api/graphs';
import { type BoardState, boardStateOf } from '../board-state';
import { saveBlob } from '../download';
import { f500GraphsOf, filterByRouteSensor, type GraphMap, type ShownGraphs } from '../graph-filters';
import type { ZoomRange } from '../graph-paths';
import { payloadSpanOf } from '../graph-span';
import styles from '../graphs.module.css';
import { F500_TYPES, useF500Panel } from '../hooks/useF500Panel';
import type { ShowGraphAlert } from '../hooks/useGraphAlert';
import { useGraphEvents } from '../hooks/useGraphEvents';
import type { GraphPayloadState } from '../hooks/useGraphPayload';
import { useIsNarrow } from '../hooks/useIsNarrow';
import { F500Panel } from './F500Panel';
import { GraphChart } from './GraphChart';

type GraphBoardProps = {
  device: NonNullable<Me['current_device']>;
  payload: GraphPayloadState;
  sensorId: string | undefined;
  /** The arrangement's graph_type and the PNG name's timescale part ('live', 'hour', 'historical'...). */
  graphType: string;
  /** The export's current_chart_type; null hides the CSV button. */
  csvTimescale: GraphTimescale | null;
  onZoom: (range: ZoomRange) => void;
  onAlert: ShowGraphAlert;
  /** The site's zone: every chart's time axis and tooltip are in it. */
  timeZone: string;
};

const NO_GRAPHS: GraphMap = {};

/** The spinner, the retry button or an empty state of M section 2 (verbatim). */
function BoardMessage({
  state,
  onRetry,
}: {
  state: Exclude<BoardState, { kind: 'charts' }>;
  onRetry: () => void;
}) {
  if (state.kind === 'loading') {
    return (
      <Flex justify="center" style={{ padding: 48 }} data-testid="graphs-loading">
        <Spin size="large" />
      </Flex>
    );
  }
  if (state.kind === 'retry') {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Button onClick={onRetry} data-testid="graphs-retry">
          Try again
        </Button>
      </Flex>
    );
  }
  return (
    <div className={styles.empty}>
      <Empty description={state.text} data-testid={state.testId} />
    </div>
  );
}

/** The F500 panel (F500 and F500-UDF) beside the charts, or the spinner and the empty states of M section 2. */
export function GraphBoard(props: GraphBoardProps) {
  const { device, payload, sensorId, onAlert } = props;
  const isF500 = F500_TYPES.includes(device.device_type);
  const panel = useF500Panel(device.id, isF500, onAlert);
  const isNarrow = useIsNarrow();
  const events = useGraphEvents(device.id, payload.data, payload.axisRange, payload.eventsRefreshMs);
  const { csvTimescale } = props;
  // One span for every chart of the page (Live and historical follow all the payload's points), so a contact
  // chart cannot draw its own few seconds under a numeric chart's ten minutes.
  const axisRange = useMemo(
    () => payload.axisRange ?? payloadSpanOf(payload.data),
    [payload.axisRange, payload.data],
  );

  const shown = useMemo((): ShownGraphs => {
    const all = payload.data?.graphs ?? NO_GRAPHS;
    return isF500
      ? f500GraphsOf(all, sensorId, panel.selection, panel.nodes)
      : { graphs: filterByRouteSensor(all, sensorId), isChosen: true };
  }, [payload.data, sensorId, isF500, panel.selection, panel.nodes]);
  const { graphs } = shown;

  const handleCsv = useCallback(
    async (graphKey: string) => {
      if (csvTimescale === null) {
        return;
      }
      try {
        const file = await exportGraphCsv(device.id, csvTimescale, graphKey);
        saveBlob(file.blob, file.fileName);
        onAlert('success');
      } catch (error) {
        onAlert('error', errorMessageOf(error, GRAPH_MESSAGES.fetchError));
      }
    },
    [device.id, csvTimescale, onAlert],
  );
  const handlePng = useCallback(() => onAlert('success'), [onAlert]);
  const { graphType } = props;
  const pngName = useCallback((key: string) => pngNameOf(device.id, key, graphType), [device.id, graphType]);

  const state = boardStateOf({
    hasPayload: payload.data !== null,
    isLoading: payload.isLoading,
    isF500,
    isPanelLoading: panel.isLoading,
    hasSelection: shown.isChosen,
    graphs,
  });
  const content =
    state.kind === 'charts' ? (
      <div className={styles.charts} data-testid="graph-list">
        {Object.entries(graphs).map(([key, graph]) => (
          <GraphChart
            key={key}
            graphKey={key}
            graph={graph}
            events={events}
            isNarrow={isNarrow}
            axisRange={axisRange}
            timeZone={props.timeZone}
            pngName={pngName}
            onZoom={props.onZoom}
            onExportCsv={csvTimescale === null ? undefined : handleCsv}
            onExportedPng={handlePng}
          />
        ))}
      </div>
    ) : (
      <BoardMessage state={state} onRetry={payload.retry} />
    );

  if (!isF500) {
    return <div className={styles.layoutSingle}>{content}</div>;
  }
  return (
    <div className={styles.layout}>
      <F500Panel
        nodes={panel.nodes}
        selection={panel.selection}
        isLoading={panel.isLoading}
        isSaving={panel.isSaving}
        graphType={props.graphType}
        onChange={panel.change}
      />
      <div style={{ minWidth: 0 }}>{content}</div>
    </div>
  );
}

/** The PNG is named as the CSV of the same graph is (device, graph, timescale, date and time), with .png. */
function pngNameOf(deviceId: number, graphKey: string, graphType: string): string {
  return graphExportFileName(deviceId, graphKey, graphType, new Date()).replace(/\.csv$/, '.png');
}
