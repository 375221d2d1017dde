import { DatePicker, Flex, TimePicker, Typography } from 'antd';
import dayjs from 'dayjs';
import { type HistoricalSearchDraft, searchZoneLabel } from './historical-search';

const DATE_FORMAT = 'YYYY-MM-DD';
const TIME_FORMAT = 'HH:mm';

export type { HistoricalSearchDraft };

type HistoricalSearchFieldsProps = {
  value: HistoricalSearchDraft;
  onChange: (value: HistoricalSearchDraft) => void;
  /** The site's zone: the date and time are the site's wall clock, and the label beside them says so. */
  timeZone: string;
  /** Prefix of the pickers' test ids ('historical-modal', 'historical-page'); the zone label is `{testId}-zone`. */
  testId: string;
};

/** The date (YYYY-MM-DD) and time (HH:mm) pickers of the historical search (M section 2), in the site's zone. */
export function HistoricalSearchFields({ value, onChange, timeZone, testId }: HistoricalSearchFieldsProps) {
  return (
    <Flex gap={12} wrap align="center">
      <DatePicker
        format={DATE_FORMAT}
        placeholder="Select date"
        aria-label="Date"
        value={value.date === null ? null : dayjs(value.date, DATE_FORMAT)}
        onChange={(picked) =>
          onChange({ ...value, date: picked === null ? null : picked.format(DATE_FORMAT) })
        }
        style={{ minWidth: 160 }}
        data-testid={`${testId}-date`}
      />
      <TimePicker
        format={TIME_FORMAT}
        placeholder="Select time"
        aria-label="Time"
        needConfirm={false}
        value={
          value.time === null ? null : dayjs(`2000-01-01 ${value.time}`, `${DATE_FORMAT} ${TIME_FORMAT}`)
        }
        onChange={(picked) =>
          onChange({ ...value, time: picked === null ? null : picked.format(TIME_FORMAT) })
        }
        style={{ minWidth: 120 }}
        data-testid={`${testId}-time`}
      />
      <Typography.Text type="secondary" data-testid={`${testId}-zone`}>
        {searchZoneLabel(value, timeZone)}
      </Typography.Text>
    </Flex>
  );
}
