import type { Graph, GraphEvent, GraphPoint, GraphSeries, SensorType } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { ALARM_COLOR, buildChartOption, type ChartInput, chartHeightOf, contactYOf } from './chart-options';
import { formatTooltip, type TooltipParam } from './chart-tooltip';
import { alarmPointCountOf, graphTitleOf, seriesNamesOf, unitOfSeries } from './graph-labels';

const series = (
  sensor: string,
  type: SensorType,
  data: GraphPoint[],
  name = `Node:${sensor}`,
): GraphSeries => ({
  sensor,
  name,
  device_name: 'F500',
  sensor_type: type,
  value_label: 'Value',
  data,
});

const numeric: GraphSeries = {
  ...series('F5.net1.n01.1', 'NUMERIC', [
    [1_000, 20, false, 'OK'],
    [2_000, null, false, 'Lost Communication Between T500 and node'],
    [3_000, 95, true, 'Alarm'],
  ]),
  value_label: '°F',
};
const contact = series('F5.net1.n01.2', 'BOOL', [
  [1_000, 0, false, 'Closed'],
  [3_000, 1, true, 'Open'],
]);
const graphOf = (...list: GraphSeries[]): Graph => ({
  units: '°F',
  value_label: 'Temperature',
  series: list,
});

const input = (graph: Graph, extra: Partial<ChartInput> = {}): ChartInput => ({
  graph,
  title: 'Node',
  events: [],
  isNarrow: false,
  range: null,
  timeZone: 'Europe/Berlin',
  ...extra,
});

type AnySeries = {
  id: string;
  data: unknown[];
  xAxisIndex: number;
  connectNulls?: boolean;
  markArea?: { data: unknown[] };
  markLine?: { data: unknown[] };
};
const seriesOf = (option: ReturnType<typeof buildChartOption>) => option.series as AnySeries[];

describe('graph chart options', () => {
  it('is 460 px high with a numeric axis and 210 px for contacts only (M section 9)', () => {
    expect(chartHeightOf(graphOf(numeric, contact))).toBe(460);
    expect(chartHeightOf(graphOf(numeric))).toBe(460);
    expect(chartHeightOf(graphOf(contact))).toBe(210);
  });

  it('puts the contact axis with its OK -1..0 and Alarm 0..1 bands below the numeric one', () => {
    const option = buildChartOption(input(graphOf(numeric, contact)));
    expect(option.grid).toHaveLength(2);
    const yAxes = option.yAxis as Array<{ min?: number; max?: number; gridIndex: number }>;
    expect(yAxes[1]).toMatchObject({ min: -1, max: 1, gridIndex: 1 });
    const bands = seriesOf(option).find((one) => one.id === 'bands');
    expect(bands?.markArea?.data).toEqual([
      [expect.objectContaining({ yAxis: -1, name: 'OK' }), { yAxis: 0 }],
      [expect.objectContaining({ yAxis: 0, name: 'Alarm' }), { yAxis: 1 }],
    ]);
    expect(seriesOf(option).find((one) => one.id === 's1')?.xAxisIndex).toBe(1);
  });

  it('draws contact values inside their band', () => {
    expect(contactYOf([0, 0, false, ''], 0, 1)).toBe(-0.5);
    expect(contactYOf([0, 1, true, ''], 0, 1)).toBe(0.5);
    expect(contactYOf([0, null, false, 'Disabled'], 0, 1)).toBeNull();
    expect(contactYOf([0, 1, true, ''], 1, 3)).toBe(0.5);
    expect(contactYOf([0, 1, true, ''], 0, 3)).toBe(0.25);
  });

  it('leaves gaps as gaps and marks points in alarm red', () => {
    const option = buildChartOption(input(graphOf(numeric)));
    const drawn = seriesOf(option).find((one) => one.id === 's0');
    expect(drawn?.connectNulls).toBe(false);
    expect(drawn?.data[0]).toEqual([1_000, 20]);
    expect(drawn?.data[1]).toEqual([2_000, null]);
    expect(drawn?.data[2]).toMatchObject({ value: [3_000, 95], itemStyle: { color: ALARM_COLOR } });
    expect(alarmPointCountOf(graphOf(numeric, contact))).toBe(2);
  });

  it('shortens series names of 150 characters or more and keeps legend names unique', () => {
    const long = `Network 1 Node 1 ${'x'.repeat(150)}`;
    expect(seriesNamesOf([series('a.1', 'NUMERIC', [], long), series('a.2', 'NUMERIC', [], long)])).toEqual([
      'Network 1 Node 1...',
      'Network 1 Node 1... (2)',
    ]);
  });

  it('shows the state label of a gap, the value and units, and alarms in the tooltip', () => {
    const option = buildChartOption(input(graphOf(numeric, contact)));
    const tooltip = option.tooltip as { formatter: (params: TooltipParam[]) => string };
    const gap = tooltip.formatter([{ seriesId: 's0', dataIndex: 1, axisValue: 2_000 }]);
    expect(gap).toContain('Lost Communication Between T500 and node');
    const alarm = tooltip.formatter([
      { seriesId: 's0', dataIndex: 2, axisValue: 3_000 },
      { seriesId: 's1', dataIndex: 1, axisValue: 3_000 },
      { seriesId: 'events0', dataIndex: 0, axisValue: 3_000 },
    ]);
    expect(alarm).toContain('95 °F (Alarm)');
    expect(alarm).not.toContain('(Alarm) · Alarm');
    expect(alarm).toContain('Open · Alarm');
    expect(alarm).toContain(ALARM_COLOR);
  });

  it('escapes names and states in the tooltip', () => {
    const evil = series('a.1', 'NUMERIC', [[1, null, false, '<img src=x>']], 'G:<b>');
    const text = formatTooltip([{ seriesId: 's0', dataIndex: 0, axisValue: 1 }], {
      seriesById: new Map([['s0', { series: evil, units: '', name: '<b>' }]]),
      events: [],
      rangeStart: 0,
      rangeEnd: 10,
      timeZone: 'UTC',
    });
    expect(text).not.toContain('<img');
    expect(text).toContain('&lt;b&gt;');
  });

  it('follows the given range on the time axis and narrows its margins at 1000 px or less', () => {
    const wide = buildChartOption(input(graphOf(numeric), { range: { from: 0, to: 5_000 } }));
    expect((wide.xAxis as Array<{ min?: number; max?: number }>)[0]).toMatchObject({ min: 0, max: 5_000 });
    const narrow = buildChartOption(input(graphOf(numeric), { isNarrow: true }));
    const left = (option: typeof wide) => (option.grid as Array<{ left: number }>)[0]?.left ?? 0;
    expect(left(narrow)).toBeLessThan(left(wide));
  });

  it("titles a chart with the graph's value label, else its group and units", () => {
    expect(
      graphTitleOf('F5.net1.n01', { ...graphOf(numeric), value_label: 'Network 1 Node 1 (°F, PPM)' }),
    ).toBe('Network 1 Node 1 (°F, PPM)');
    expect(graphTitleOf('F5.net1.n01', { ...graphOf(numeric), value_label: '' })).toBe('Node (°F)');
    expect(graphTitleOf('F5.system', { units: '', value_label: '', series: [] })).toBe('system');
  });

  it("gives each series its own unit of the graph's units in the tooltip", () => {
    const speed = { ...numeric, sensor: 'F5.net1.n01.3', value_label: 'PPM' };
    const temperature = { ...numeric, value_label: '°F' };
    const graph = {
      units: '°F, PPM',
      value_label: 'Node',
      series: [temperature, speed, { ...contact, value_label: 'Contact' }],
    };
    expect(unitOfSeries(speed, graph)).toBe('PPM');
    expect(unitOfSeries(graph.series[2] as GraphSeries, graph)).toBe('');
    const tooltip = buildChartOption(input(graph)).tooltip as {
      formatter: (params: TooltipParam[]) => string;
    };
    expect(tooltip.formatter([{ seriesId: 's1', dataIndex: 0, axisValue: 1_000 }])).toContain('20 PPM');
  });
});

describe('events on the time axis', () => {
  const events: GraphEvent[] = [
    { kind: 'device_online', at: 500, sensor: null, label: 'Device online' },
    { kind: 'alarm_on', at: 1_500, sensor: 'F5.net1.n01.1', label: 'Alarm Detected' },
    { kind: 'alarm_on', at: 1_600, sensor: 'F5.net1.n02.1', label: 'Other node' },
    { kind: 'maintenance', at: 1_700, sensor: '1', label: 'Test started' },
    { kind: 'device_offline', at: 2_000, sensor: null, label: 'Device went offline' },
    { kind: 'device_online', at: 2_500, sensor: null, label: 'Device online' },
    { kind: 'device_offline', at: 4_000, sensor: null, label: '' },
  ];

  it('marks alarms, warnings and tests as lines and offline periods as areas, only for sensors the chart holds', () => {
    const option = buildChartOption(input(graphOf(numeric), { events, range: { from: 0, to: 5_000 } }));
    const carrier = seriesOf(option).find((one) => one.id === 'events0');
    expect(carrier?.markLine?.data).toEqual([
      // The first connection closes no offline period: a line, not a shaded guess.
      expect.objectContaining({ xAxis: 500, name: 'Device online' }),
      expect.objectContaining({ xAxis: 1_500, name: 'Alarm Detected' }),
      expect.objectContaining({ xAxis: 1_700, name: 'Test started' }),
    ]);
    expect(carrier?.markArea?.data).toEqual([
      [expect.objectContaining({ xAxis: 2_000, name: 'Device went offline' }), { xAxis: 2_500 }],
      [expect.objectContaining({ xAxis: 4_000, name: 'Device offline' }), { xAxis: 5_000 }],
    ]);
  });

  it('lists events near the cursor in the tooltip', () => {
    const option = buildChartOption(input(graphOf(numeric), { events, range: { from: 0, to: 100_000 } }));
    const tooltip = option.tooltip as { formatter: (params: TooltipParam[]) => string };
    expect(tooltip.formatter([{ seriesId: 's0', dataIndex: 0, axisValue: 1_000 }])).toContain(
      'Alarm Detected',
    );
    expect(tooltip.formatter([{ seriesId: 's0', dataIndex: 0, axisValue: 1_000 }])).not.toContain(
      'Other node',
    );
    expect(tooltip.formatter([{ seriesId: 's0', dataIndex: 2, axisValue: 60_000 }])).toContain(
      'Device offline',
    );
  });

  describe('the time axis (issue 23)', () => {
    type Axis = {
      min?: number;
      max?: number;
      name?: string;
      axisLabel: { show: boolean; formatter: (value: number) => string };
    };
    const axesOf = (option: ReturnType<typeof buildChartOption>) => option.xAxis as Axis[];
    // 21:04 to 21:14 UTC: 22:04 to 22:14 in Berlin.
    const start = Date.UTC(2026, 10, 27, 21, 4, 0);
    const end = start + 10 * 60_000;
    const tenMinutes = {
      ...numeric,
      data: [[start, 20, false, 'OK'] as GraphPoint, [end, 21, false, 'OK'] as GraphPoint],
    };
    const lastSeconds = series('F5.net1.n01.2', 'BOOL', [
      [end - 6_000, 0, false, 'Closed'],
      [end, 0, false, 'Closed'],
    ]);

    it('labels the numeric and the contact grid over the same span, the whole graph', () => {
      const axes = axesOf(buildChartOption(input(graphOf(tenMinutes, lastSeconds))));
      expect(axes).toHaveLength(2);
      for (const axis of axes) {
        expect(axis).toMatchObject({ min: start, max: end });
        expect(axis.axisLabel.show).toBe(true);
      }
    });

    it("writes the ticks in the site's zone and names the zone once", () => {
      const axes = axesOf(buildChartOption(input(graphOf(tenMinutes, lastSeconds))));
      expect(axes[0]?.axisLabel.formatter(start)).toBe('22:04:00');
      expect(axes[1]?.axisLabel.formatter(end)).toBe('22:14:00');
      expect(axes[1]?.name).toBe('Time (CET)');
      const newYork = axesOf(buildChartOption(input(graphOf(tenMinutes), { timeZone: 'America/New_York' })));
      expect(newYork[0]?.axisLabel.formatter(start)).toBe('16:04:00');
      expect(newYork[0]?.name).toBe('Time (EST)');
    });

    it("puts the site's time, labelled, at the top of the tooltip", () => {
      const option = buildChartOption(input(graphOf(tenMinutes)));
      const tooltip = option.tooltip as { formatter: (params: TooltipParam[]) => string };
      expect(tooltip.formatter([{ seriesId: 's0', dataIndex: 0, axisValue: start }])).toContain(
        '2026-11-27 22:04:00 CET',
      );
    });
  });

  describe('disabled sensors (issue 23)', () => {
    const disabled: GraphSeries = {
      ...numeric,
      data: [
        [1_000, 20, false, 'OK'],
        [2_000, 0, false, 'Disabled'],
        [3_000, 0, false, 'Disabled'],
        [4_000, 22, false, 'OK'],
      ],
    };

    it('draws a disabled stretch as a gap, not a line at 0', () => {
      const drawn = seriesOf(buildChartOption(input(graphOf(disabled)))).find((one) => one.id === 's0');
      expect(drawn?.data.slice(1, 3)).toEqual([
        [2_000, null],
        [3_000, null],
      ]);
    });

    it("shades the gap and labels it 'Disabled'", () => {
      const gaps = seriesOf(buildChartOption(input(graphOf(disabled)))).find((one) => one.id === 'gaps0');
      expect(gaps?.markArea?.data).toEqual([[{ xAxis: 1_000, name: 'Disabled' }, { xAxis: 4_000 }]]);
    });

    it("says 'Disabled' in the tooltip, not 0", () => {
      const option = buildChartOption(input(graphOf(disabled)));
      const tooltip = option.tooltip as { formatter: (params: TooltipParam[]) => string };
      const text = tooltip.formatter([{ seriesId: 's0', dataIndex: 1, axisValue: 2_000 }]);
      expect(text).toContain('Disabled');
      expect(text).not.toContain(': 0');
    });
  });

  describe('graphs of two units (issue 23)', () => {
    const system: Graph = {
      units: 'Minutes, Seconds',
      value_label: 'System',
      series: [
        {
          ...series('U.system.1', 'NUMERIC', [[1_000, 900, false, 'OK']], 'System:Uptime'),
          value_label: 'Minutes',
        },
        {
          ...series('U.system.2', 'NUMERIC', [[1_000, 30, false, 'OK']], 'System:Start-up Delay'),
          value_label: 'Seconds',
        },
      ],
    };

    it('gives each unit its own named value axis, so minutes and seconds never share one scale', () => {
      const option = buildChartOption(input(system));
      const yAxes = option.yAxis as Array<{ name?: string; position?: string; gridIndex: number }>;
      expect(yAxes).toEqual([
        expect.objectContaining({ name: 'Minutes', position: 'left', gridIndex: 0 }),
        expect.objectContaining({ name: 'Seconds', position: 'right', gridIndex: 0 }),
      ]);
      const drawn = seriesOf(option) as Array<AnySeries & { yAxisIndex: number }>;
      expect(drawn.find((one) => one.id === 's0')?.yAxisIndex).toBe(0);
      expect(drawn.find((one) => one.id === 's1')?.yAxisIndex).toBe(1);
    });

    it('puts the contact grid on the value axis after the two units', () => {
      const withContact = { ...system, series: [...system.series, contact] };
      const option = buildChartOption(input(withContact));
      const drawn = seriesOf(option) as Array<AnySeries & { yAxisIndex: number }>;
      expect(drawn.find((one) => one.id === 's2')?.yAxisIndex).toBe(2);
      expect(drawn.find((one) => one.id === 'bands')?.yAxisIndex).toBe(2);
      expect((option.yAxis as Array<{ min?: number }>)[2]).toMatchObject({ min: -1, max: 1, gridIndex: 1 });
    });

    it('keeps one unnamed axis for a graph of one unit', () => {
      const option = buildChartOption(input(graphOf(numeric)));
      expect(option.yAxis as unknown[]).toHaveLength(1);
      expect((option.yAxis as Array<{ name?: string }>)[0]?.name).toBeUndefined();
    });
  });
});
