import type { Device } from '@vigil/contracts';
import { Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSiteTimeZone } from '../../../time/useSiteTimeZone';
import { type HistoricalSearchDraft, HistoricalSearchFields } from '../historical/HistoricalSearchFields';
import { historicalListPath, historicalSearchError } from '../historical/historical-search';

type HistoricalDataModalProps = {
  open: boolean;
  onClose: () => void;
  /** The device whose records are searched; null when none is selected. */
  device: Device | null;
};

const EMPTY_DRAFT: HistoricalSearchDraft = { date: null, time: null };

/**
 * The Historical Data modal (M sections 2 and 5): a date and a time; SEARCH stays disabled, with the reason
 * under the pickers, until both are chosen and a device is selected, then opens the list at that time.
 */
export function HistoricalDataModal({ open, onClose, device }: HistoricalDataModalProps) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<HistoricalSearchDraft>(EMPTY_DRAFT);
  const timeZone = useSiteTimeZone();
  const error = historicalSearchError({ ...draft, hasDevice: device !== null });

  const handleClose = () => {
    setDraft(EMPTY_DRAFT);
    onClose();
  };
  const handleSearch = () => {
    if (error !== null || draft.date === null || draft.time === null) {
      return;
    }
    handleClose();
    navigate(historicalListPath({ date: draft.date, time: draft.time }));
  };

  return (
    <Modal
      open={open}
      onCancel={handleClose}
      title="Historical Data"
      destroyOnHidden
      footer={
        <Button
          type="primary"
          disabled={error !== null}
          onClick={handleSearch}
          data-testid="historical-search"
        >
          SEARCH
        </Button>
      }
    >
      <HistoricalSearchFields
        value={draft}
        onChange={setDraft}
        timeZone={timeZone}
        testId="historical-modal"
      />
      {error === null ? null : (
        <Typography.Paragraph
          type="warning"
          style={{ margin: '12px 0 0' }}
          data-testid="historical-modal-hint"
        >
          {error}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
