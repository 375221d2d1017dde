import { LineChart, type LineSeriesOption } from 'echarts/charts';
import {
  BrushComponent,
  type BrushComponentOption,
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
 * ECharts with only what the graph pages draw (line series, grids, legend, tooltip, marks, brush zoom, title),
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
  BrushComponent,
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
  | BrushComponentOption
>;

export type { EChartsType as GraphChartInstance } from 'echarts/core';
export { init as initChart };
