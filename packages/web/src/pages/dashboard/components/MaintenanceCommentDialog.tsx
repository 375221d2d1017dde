import { MAINTENANCE_COMMENT_MAX_LENGTH } from '@vigil/contracts';
import { Alert, Input, Modal } from 'antd';
import { useState } from 'react';
import { type CommentKind, canSubmitComment, isCommentRequired } from '../maintenance-rules';

const TITLES: Record<CommentKind, string> = {
  succeeded: 'Maintenance test succeeded',
  failed: 'Maintenance test failed',
  cancel: 'Cancel maintenance test',
};

type MaintenanceCommentDialogProps = {
  kind: CommentKind;
  sensorName: string;
  isSubmitting: boolean;
  error: string | null;
  onSubmit: (comment: string) => void;
  onClose: () => void;
};

/** The comment of a finished or canceled test: optional on success, required on failure and cancel (M section 5). */
export function MaintenanceCommentDialog(props: MaintenanceCommentDialogProps) {
  const { kind, sensorName, isSubmitting, error } = props;
  const [comment, setComment] = useState('');
  const isRequired = isCommentRequired(kind);
  return (
    <Modal
      open
      title={`${TITLES[kind]}: ${sensorName}`}
      okText="Submit"
      cancelText="Close"
      onOk={() => props.onSubmit(comment)}
      onCancel={props.onClose}
      okButtonProps={{
        disabled: !canSubmitComment(kind, comment),
        loading: isSubmitting,
        id: 'maintenance-submit',
      }}
      destroyOnHidden
      data-testid="maintenance-dialog"
    >
      {error === null ? null : <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Input.TextArea
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        maxLength={MAINTENANCE_COMMENT_MAX_LENGTH}
        rows={4}
        placeholder={isRequired ? 'Comment (required)' : 'Comment (optional)'}
        aria-label="Comment"
        autoFocus
      />
    </Modal>
  );
}
