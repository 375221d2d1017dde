import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useRef } from 'react';
import { saveDataUrl } from '../../graphs/download';
import styles from '../analytics.module.css';
import {
  type AnalyticsChartInstance,
  type AnalyticsChartOption,
  initAnalyticsChart,
} from '../analytics-echarts';

type AnalyticsChartProps = {
  option: AnalyticsChartOption;
  height: number;
  /** The PNG's file name. */
  pngName: string;
  testId: string;
  /** One line saying what the chart shows, in words. */
  caption: string;
};

/** One report as an ECharts chart, with its PNG export (ECharts getDataURL). */
export function AnalyticsChart({ option, height, pngName, testId, caption }: AnalyticsChartProps) {
  const canvasRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<AnalyticsChartInstance | null>(null);

  useEffect(() => {
    const element = canvasRef.current;
    if (element === null) {
      return;
    }
    const chart = initAnalyticsChart(element, undefined, { renderer: 'canvas' });
    chartRef.current = chart;
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.dispose();
      chartRef.current = null;
    };
  }, []);

  useEffect(() => {
    chartRef.current?.setOption(option, { notMerge: true });
  }, [option]);

  const handlePng = () => {
    const chart = chartRef.current;
    if (chart !== null) {
      saveDataUrl(chart.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' }), pngName);
    }
  };

  return (
    <figure className={styles.chartCard} data-testid={testId}>
      <div className={styles.chartActions}>
        <figcaption className={styles.caption} data-testid={`${testId}-caption`}>
          {caption}
        </figcaption>
        <Button size="small" icon={<DownloadOutlined />} onClick={handlePng} data-testid={`${testId}-png`}>
          Export PNG
        </Button>
      </div>
      <div ref={canvasRef} style={{ height, width: '100%' }} data-testid={`${testId}-canvas`} />
    </figure>
  );
}
