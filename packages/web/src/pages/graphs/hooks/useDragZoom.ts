import { type PointerEvent, type RefObject, useRef, useState } from 'react';
import type { GraphChartInstance } from '../echarts-setup';
import type { ZoomRange } from '../graph-paths';

/** A drag narrower than this is a click (the tooltip), not a zoom. */
const MIN_DRAG_PX = 8;

export type DragBox = { left: number; width: number };

/**
 * Beyond the spec: dragging across a chart's plot area chooses a time range (the page then reads it and keeps it
 * in the address). Pointer events on the chart's frame, so ECharts keeps its own hover tooltip; lighter than
 * ECharts' brush component.
 */
export function useDragZoom(
  chartRef: RefObject<GraphChartInstance | null>,
  onZoom: (range: ZoomRange) => void,
) {
  const start = useRef<number | null>(null);
  const [box, setBox] = useState<DragBox | null>(null);

  const pointOf = (event: PointerEvent<HTMLElement>): [number, number] => {
    const rect = event.currentTarget.getBoundingClientRect();
    return [event.clientX - rect.left, event.clientY - rect.top];
  };
  const isInPlot = (chart: GraphChartInstance, point: [number, number]) =>
    chart.containPixel({ gridIndex: 0 }, point) || chart.containPixel({ gridIndex: 1 }, point);

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    const chart = chartRef.current;
    const point = pointOf(event);
    if (chart === null || event.button !== 0 || !isInPlot(chart, point)) {
      return;
    }
    start.current = point[0];
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (start.current === null) {
      return;
    }
    const [x] = pointOf(event);
    setBox({ left: Math.min(start.current, x), width: Math.abs(x - start.current) });
  };
  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    const chart = chartRef.current;
    const from = start.current;
    start.current = null;
    setBox(null);
    if (chart === null || from === null) {
      return;
    }
    const [to] = pointOf(event);
    if (Math.abs(to - from) < MIN_DRAG_PX) {
      return;
    }
    const times = [from, to].map((x) => Number(chart.convertFromPixel({ xAxisIndex: 0 }, x)));
    const [a = Number.NaN, b = Number.NaN] = times;
    if (Number.isFinite(a) && Number.isFinite(b)) {
      onZoom({ from: Math.min(a, b), to: Math.max(a, b) });
    }
  };
  const onPointerCancel = () => {
    start.current = null;
    setBox(null);
  };
  return { box, handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel } };
}
