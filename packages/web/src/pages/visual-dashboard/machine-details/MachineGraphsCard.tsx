import { graphExportFileName, type MachineGraph } from '@vigil/contracts';
import { Alert, Button, Card, Empty, Spin } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { errorMessageOf } from '../../../api/api-error';
import { GraphChart } from '../../graphs/components/GraphChart';
import type { ZoomRange } from '../../graphs/graph-paths';
import { useIsNarrow } from '../../graphs/hooks/useIsNarrow';
import { lastDaySpanOf } from './machine-sensors';
import type { MachineDetailsPageState } from './useMachineDetailsPage';

export const NO_GRAPHS_TEXT = 'No graphs: no sensor is bound on this machine.';

const NO_EVENTS: never[] = [];

/** '24 Hours Graphs' (M section 9): the bound sensors' graphs drawn by the graphs page's own chart. */
export function MachineGraphsCard({ page }: { page: MachineDetailsPageState }) {
  const { graphs } = page;
  const [zoom, setZoom] = useState<ZoomRange | null>(null);
  return (
    <Card
      size="small"
      title="24 Hours Graphs"
      data-testid="machine-graphs"
      extra={
        zoom === null ? null : (
          <Button size="small" onClick={() => setZoom(null)}>
            Show 24 hours
          </Button>
        )
      }
    >
      {graphs.isPending ? <Spin /> : null}
      {graphs.error === null ? null : (
        <Alert
          type="warning"
          showIcon
          message={errorMessageOf(graphs.error, 'The graphs could not be loaded.')}
        />
      )}
      {graphs.data?.length === 0 ? <Empty description={NO_GRAPHS_TEXT} /> : null}
      {graphs.data !== undefined && graphs.data.length > 0 ? (
        <MachineCharts
          graphs={graphs.data}
          loadedAt={graphs.dataUpdatedAt}
          zoom={zoom}
          timeZone={page.timeZone}
          onZoom={setZoom}
        />
      ) : null}
    </Card>
  );
}

function MachineCharts(props: {
  graphs: MachineGraph[];
  loadedAt: number;
  zoom: ZoomRange | null;
  timeZone: string;
  onZoom: (range: ZoomRange) => void;
}) {
  const { graphs, loadedAt, zoom } = props;
  const isNarrow = useIsNarrow();
  const span = useMemo(() => zoom ?? lastDaySpanOf(graphs, loadedAt), [zoom, graphs, loadedAt]);
  const devices = useMemo(() => new Map(graphs.map((graph) => [graph.key, graph.device])), [graphs]);
  const pngName = useCallback(
    (key: string) =>
      graphExportFileName(devices.get(key) ?? 0, key, 'day', new Date()).replace(/\.csv$/, '.png'),
    [devices],
  );
  const handlePng = useCallback(() => undefined, []);
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      {graphs.map((graph) => (
        <GraphChart
          key={graph.key}
          graphKey={graph.key}
          graph={graph}
          events={NO_EVENTS}
          isNarrow={isNarrow}
          axisRange={span}
          timeZone={props.timeZone}
          pngName={pngName}
          onZoom={props.onZoom}
          onExportedPng={handlePng}
        />
      ))}
    </div>
  );
}
