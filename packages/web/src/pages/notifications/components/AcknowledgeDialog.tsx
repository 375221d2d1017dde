import { ACKNOWLEDGE_COMMENT_MAX_LENGTH } from '@vigil/contracts';
import { Alert, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import type { NotificationRow } from '../notification-rows';

export const ACKNOWLEDGE_FAILED = 'The alarm could not be acknowledged. Please try again.';

type Props = {
  /** A row of the log, or anything naming an alarm the same way (the live view's active alarms). */
  row: Pick<NotificationRow, 'label' | 'site' | 'device' | 'sensorName' | 'content'>;
  isSaving: boolean;
  error: string | null;
  onConfirm: (comment: string) => void;
  onCancel: () => void;
};

/** Beyond the spec: acknowledges an active alarm or warning, with an optional comment. */
export function AcknowledgeDialog({ row, isSaving, error, onConfirm, onCancel }: Props) {
  const [comment, setComment] = useState('');
  return (
    <Modal
      open
      title={`Acknowledge ${row.label}`}
      okText="ACKNOWLEDGE"
      cancelText="CANCEL"
      confirmLoading={isSaving}
      onOk={() => onConfirm(comment.trim())}
      onCancel={onCancel}
      okButtonProps={{ id: 'acknowledge-confirm' }}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {[row.site, row.device, row.sensorName].filter(Boolean).join(' · ')}: {row.content}
      </Typography.Paragraph>
      <label htmlFor="acknowledge-comment">Comment (optional)</label>
      <Input.TextArea
        id="acknowledge-comment"
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        maxLength={ACKNOWLEDGE_COMMENT_MAX_LENGTH}
        showCount
        autoSize={{ minRows: 2, maxRows: 5 }}
        style={{ marginTop: 4 }}
      />
      {error === null ? null : <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} />}
    </Modal>
  );
}
