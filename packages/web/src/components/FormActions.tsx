import { Button, Flex } from 'antd';

export type FormCancel = {
  onClick: () => void;
  testId?: string;
  /** 'CANCEL' unless the page names it. */
  label?: string;
  /** Stays usable when the form around it is disabled (read-only or saving): the way back always works. */
  isAlwaysEnabled?: boolean;
};

export type FormSave = {
  label: string;
  isPending: boolean;
  testId: string;
  /** Left out: the button submits the form it sits in. */
  onClick?: () => void;
};

export type FormRemove = { label: string; onClick: () => void; testId: string };

type FormActionsProps = {
  cancel?: FormCancel;
  save?: FormSave;
  /** A danger button at the far end of the row, with align 'start' (the client and e-mail alert forms). */
  remove?: FormRemove;
  /** 'end': CANCEL and SAVE at the right (the default); 'start': at the left, REMOVE at the right. */
  align?: 'start' | 'end';
  /** No top margin: the row sits right under the form's last field, inside its card. */
  isFlush?: boolean;
  gap?: number;
};

/** The CANCEL / SAVE (/ REMOVE) row under a form. */
export function FormActions({
  cancel,
  save,
  remove,
  align = 'end',
  isFlush = false,
  gap = 12,
}: FormActionsProps) {
  const className = isFlush ? undefined : 'form-actions';
  const buttons = (
    <>
      {cancel === undefined ? null : (
        <Button
          onClick={cancel.onClick}
          disabled={cancel.isAlwaysEnabled ? false : undefined}
          data-testid={cancel.testId}
        >
          {cancel.label ?? 'CANCEL'}
        </Button>
      )}
      {save === undefined ? null : (
        <Button
          type="primary"
          htmlType={save.onClick === undefined ? 'submit' : 'button'}
          loading={save.isPending}
          onClick={save.onClick}
          data-testid={save.testId}
        >
          {save.label}
        </Button>
      )}
    </>
  );
  if (align === 'end') {
    return (
      <Flex justify="flex-end" gap={gap} className={className}>
        {buttons}
      </Flex>
    );
  }
  return (
    <Flex gap={gap} wrap justify="space-between" className={className}>
      <Flex gap={gap}>{buttons}</Flex>
      {remove === undefined ? null : (
        <Button danger onClick={remove.onClick} data-testid={remove.testId}>
          {remove.label}
        </Button>
      )}
    </Flex>
  );
}
