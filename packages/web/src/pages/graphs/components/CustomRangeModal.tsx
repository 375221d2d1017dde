import { GRAPH_MESSAGES } from '@vigil/contracts';
import { Modal, Typography } from 'antd';
import { useState } from 'react';
import {
  type HistoricalSearchDraft,
  HistoricalSearchFields,
} from '../../dashboard/historical/HistoricalSearchFields';
import type { HistoricalSearch } from '../../dashboard/historical/historical-search';

type CustomRangeModalProps = {
  isOpen: boolean;
  /** The site's zone, in which the date and time are asked. */
  timeZone: string;
  onCancel: () => void;
  onPick: (search: HistoricalSearch) => void;
};

/** M section 2 'Custom': a date and a time; OK opens the historical graphs of that moment. */
export function CustomRangeModal({ isOpen, timeZone, onCancel, onPick }: CustomRangeModalProps) {
  const [draft, setDraft] = useState<HistoricalSearchDraft>({ date: null, time: '00:00' });
  const [isTried, setIsTried] = useState(false);
  const handleOk = () => {
    setIsTried(true);
    if (draft.date !== null) {
      onPick({ date: draft.date, time: draft.time ?? '00:00' });
    }
  };
  return (
    <Modal
      open={isOpen}
      title="Custom"
      okText="OK"
      onOk={handleOk}
      onCancel={onCancel}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'graph-custom-ok' } as Record<string, string>}
    >
      <HistoricalSearchFields value={draft} onChange={setDraft} timeZone={timeZone} testId="graph-custom" />
      {isTried && draft.date === null ? (
        <Typography.Text type="warning" data-testid="graph-custom-hint">
          {GRAPH_MESSAGES.selectDate}
        </Typography.Text>
      ) : null}
    </Modal>
  );
}
