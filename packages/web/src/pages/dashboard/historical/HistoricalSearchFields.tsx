import { DatePicker, Flex, TimePicker } from 'antd';
import dayjs from 'dayjs';

const DATE_FORMAT = 'YYYY-MM-DD';
const TIME_FORMAT = 'HH:mm';

export type HistoricalSearchDraft = { date: string | null; time: string | null };

type HistoricalSearchFieldsProps = {
  value: HistoricalSearchDraft;
  onChange: (value: HistoricalSearchDraft) => void;
  /** Prefix of the pickers' test ids ('historical-modal', 'historical-page'). */
  testId: string;
};

/** The date (YYYY-MM-DD) and time (HH:mm) pickers of the historical search (M section 2). */
export function HistoricalSearchFields({ value, onChange, testId }: HistoricalSearchFieldsProps) {
  return (
    <Flex gap={12} wrap>
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
    </Flex>
  );
}
