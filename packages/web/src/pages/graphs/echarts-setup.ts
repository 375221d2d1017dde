import { LineChart, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  type GridComponentOption,
  LegendComponent,
  type LegendComponentOption,
  MarkAreaComponent,
  type MarkAreaComponentOption,
  MarkLineComponent,
  type MarkLineComponentOption,
  TitleComponent,
  type TitleComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
} from 'echarts/components';
import { type ComposeOption, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

/**
 * ECharts with only what the graph pages draw (line series, grids, legend, tooltip, marks, title; zooming is
 * the page's own drag, lighter than the brush component),
 * so the lazy graphs chunk stays small. Nothing else imports 'echarts'.
 */
use([
  LineChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  TitleComponent,
  MarkLineComponent,
  MarkAreaComponent,
  CanvasRenderer,
]);

export type GraphChartOption = ComposeOption<
  | LineSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
  | TitleComponentOption
  | MarkLineComponentOption
  | MarkAreaComponentOption
>;

export type { EChartsType as GraphChartInstance } from 'echarts/core';
export { init as initChart };
