import { Button, DatePicker, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { zoneLabel } from '../../../time/site-time';
import styles from '../analytics.module.css';

const DATE_FORMAT = 'D MMM YYYY';

type AnalyticsToolbarProps = {
  from: Dayjs | null;
  to: Dayjs | null;
  hasDevice: boolean;
  isLoading: boolean;
  /** The site's zone: the days and the time-of-day hours are the site's. */
  timeZone: string;
  onFrom: (value: Dayjs | null) => void;
  onTo: (value: Dayjs | null) => void;
  onGenerate: () => void;
};

/** From and To pickers and GENERATE REPORT, disabled unless From, To and a device are set (M section 5). */
export function AnalyticsToolbar(props: AnalyticsToolbarProps) {
  const { from, to } = props;
  const canGenerate = from !== null && to !== null && props.hasDevice;
  return (
    <div className={styles.toolbar}>
      <div className={styles.field}>
        <label htmlFor="analytics-from-input">From</label>
        <DatePicker
          id="analytics-from-input"
          format={DATE_FORMAT}
          value={from}
          onChange={props.onFrom}
          disabledDate={(day) => to !== null && day.isAfter(to, 'day')}
          placeholder="From"
          aria-label="From"
          data-testid="analytics-from"
        />
      </div>
      <div className={styles.field}>
        <label htmlFor="analytics-to-input">To</label>
        <DatePicker
          id="analytics-to-input"
          format={DATE_FORMAT}
          value={to}
          onChange={props.onTo}
          disabledDate={(day) => from !== null && day.isBefore(from, 'day')}
          placeholder="To"
          aria-label="To"
          data-testid="analytics-to"
        />
      </div>
      <Button
        type="primary"
        disabled={!canGenerate}
        loading={props.isLoading}
        onClick={props.onGenerate}
        data-testid="analytics-generate"
      >
        GENERATE REPORT
      </Button>
      <Typography.Text type="secondary" data-testid="analytics-zone">
        {`Days and hours at the site (${zoneLabel(Date.now(), props.timeZone)})`}
      </Typography.Text>
    </div>
  );
}
