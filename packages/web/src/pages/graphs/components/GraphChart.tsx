import { DownloadOutlined } from '@ant-design/icons';
import type { Graph, GraphEvent } from '@vigil/contracts';
import { Button, Tooltip } from 'antd';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { isEventOfGraph } from '../chart-events';
import { buildChartOption, chartHeightOf, pointsSpanOf } from '../chart-options';
import { saveDataUrl } from '../download';
import { type GraphChartInstance, initChart } from '../echarts-setup';
import { alarmPointCountOf, graphTitleOf, pointCountOf } from '../graph-labels';
import type { ZoomRange } from '../graph-paths';
import styles from '../graphs.module.css';
import { useDragZoom } from '../hooks/useDragZoom';

type GraphChartProps = {
  graphKey: string;
  graph: Graph;
  events: readonly GraphEvent[];
  isNarrow: boolean;
  /** The page's drawn span, shared by its charts so their time axes line up. */
  axisRange: ZoomRange | null;
  /** The site's zone: every time on the chart is in it. */
  timeZone: string;
  /** The PNG's file name for a graph key (read at download time: it carries the time). */
  pngName: (graphKey: string) => string;
  onZoom: (range: ZoomRange) => void;
  /** Absent where the export call cannot describe the drawn range (historical pages). */
  onExportCsv?: (graphKey: string) => Promise<void>;
  onExportedPng: () => void;
};

type AppliedTimeAxis = {
  min?: unknown;
  max?: unknown;
  name?: unknown;
  axisLabel?: { show?: boolean; formatter?: unknown };
};

/**
 * The time axes as the chart applied them (a test hook, read by the graph journeys): their span, whether their
 * labels show, the labels at both ends as the chart's own formatter writes them, and the zone-naming axis name.
 */
function timeAxesOf(chart: GraphChartInstance) {
  const axes = (chart.getOption().xAxis ?? []) as AppliedTimeAxis[];
  return axes.map((axis) => {
    const from = Number(axis.min);
    const to = Number(axis.max);
    const format = axis.axisLabel?.formatter;
    const label = (value: number) => (typeof format === 'function' ? String(format(value)) : '');
    return {
      from,
      to,
      isLabelled: axis.axisLabel?.show === true && typeof format === 'function',
      firstLabel: label(from),
      lastLabel: label(to),
      name: typeof axis.name === 'string' ? axis.name : '',
    };
  });
}

/** Starts drawing once the chart is near the viewport, so a device with 100 graphs opens quickly. */
function useIsNearViewport(ref: React.RefObject<HTMLElement | null>): boolean {
  const [isNear, setIsNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (element === null || isNear) {
      return;
    }
    if (typeof IntersectionObserver === 'undefined') {
      setIsNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setIsNear(true);
        }
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, isNear]);
  return isNear;
}

/** One graph of the payload as an ECharts line chart, with PNG and CSV export and drag-to-zoom. */
export const GraphChart = memo(function GraphChart(props: GraphChartProps) {
  const { graphKey, graph, events, isNarrow, axisRange, timeZone } = props;
  const frameRef = useRef<HTMLElement>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<GraphChartInstance | null>(null);
  const drag = useDragZoom(chartRef, props.onZoom);
  const isNear = useIsNearViewport(frameRef);
  const [isExporting, setIsExporting] = useState(false);
  const title = graphTitleOf(graphKey, graph);
  const option = useMemo(
    () => buildChartOption({ graph, title, events, isNarrow, range: axisRange, timeZone }),
    [graph, title, events, isNarrow, axisRange, timeZone],
  );

  useEffect(() => {
    const element = canvasRef.current;
    if (!isNear || element === null) {
      return;
    }
    const chart = initChart(element, undefined, { renderer: 'canvas' });
    chartRef.current = chart;
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.dispose();
      chartRef.current = null;
    };
  }, [isNear]);

  useEffect(() => {
    const chart = chartRef.current;
    if (!isNear || chart === null) {
      return;
    }
    chart.setOption(option, { replaceMerge: ['series', 'grid', 'xAxis', 'yAxis'] });
    frameRef.current?.setAttribute('data-time-axes', JSON.stringify(timeAxesOf(chart)));
  }, [option, isNear]);

  const handlePng = () => {
    const chart = chartRef.current;
    if (chart === null) {
      return;
    }
    saveDataUrl(
      chart.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' }),
      props.pngName(graphKey),
    );
    props.onExportedPng();
  };
  const handleCsv = async () => {
    if (props.onExportCsv === undefined) {
      return;
    }
    setIsExporting(true);
    try {
      await props.onExportCsv(graphKey);
    } finally {
      setIsExporting(false);
    }
  };

  const sensors = graph.series.map((series) => series.sensor).join(' ');
  return (
    <figure
      ref={frameRef}
      className={styles.chartCard}
      aria-label={title}
      data-testid={`graph-${graphKey}`}
      data-sensors={sensors}
      data-points={pointCountOf(graph)}
      data-time-span={JSON.stringify(pointsSpanOf(graph))}
      data-alarm-points={alarmPointCountOf(graph)}
      data-events={events
        .filter((event) => isEventOfGraph(event, graph))
        .map((event) => event.kind)
        .join(' ')}
    >
      <div className={styles.chartActions}>
        <Tooltip title="Download the chart as PNG">
          <Button size="small" icon={<DownloadOutlined />} onClick={handlePng} data-testid="graph-export-png">
            PNG
          </Button>
        </Tooltip>
        {props.onExportCsv === undefined ? null : (
          <Tooltip title="Download the data as CSV">
            <Button
              size="small"
              icon={<DownloadOutlined />}
              loading={isExporting}
              onClick={handleCsv}
              data-testid="graph-export-csv"
            >
              CSV
            </Button>
          </Tooltip>
        )}
      </div>
      {/* Dragging across the plot chooses a time range (zoom); hovering still shows the tooltip. */}
      <div className={styles.chartFrame} {...drag.handlers}>
        <div ref={canvasRef} style={{ height: chartHeightOf(graph), width: '100%' }} />
        {drag.box === null ? null : (
          <div className={styles.dragBox} style={{ left: drag.box.left, width: drag.box.width }} />
        )}
      </div>
    </figure>
  );
});
