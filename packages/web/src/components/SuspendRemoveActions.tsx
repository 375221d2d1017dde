import { App, Button, Flex } from 'antd';

type Action = { run: () => Promise<unknown>; isPending: boolean };

export type SuspendRemoveActionsProps = {
  /** 'SITE' or 'DEVICE', as in the button texts of A section 2. */
  noun: string;
  isSuspended: boolean;
  suspend: Action;
  /** Omitted when the user may not remove. */
  remove?: Action;
  messages: { confirmDeactivate: string; confirmReactivate: string; confirmRemove: string };
  testIdPrefix: string;
};

/** DEACTIVATE/REACTIVATE and REMOVE buttons of the edit pages, each behind its confirmation modal. */
export function SuspendRemoveActions({
  noun,
  isSuspended,
  suspend,
  remove,
  messages,
  testIdPrefix,
}: SuspendRemoveActionsProps) {
  const { modal } = App.useApp();
  const handleSuspend = () => {
    modal.confirm({
      title: isSuspended ? 'Reactivation' : 'Deactivation',
      content: isSuspended ? messages.confirmReactivate : messages.confirmDeactivate,
      okText: 'Confirm',
      // The page shows the outcome; the modal only has to close.
      onOk: () => suspend.run().catch(() => undefined),
    });
  };
  const handleRemove = () => {
    modal.confirm({
      title: 'Deletion',
      content: messages.confirmRemove,
      okText: 'Confirm',
      okButtonProps: { danger: true },
      onOk: () => remove?.run().catch(() => undefined),
    });
  };
  return (
    <Flex gap={12}>
      <Button onClick={handleSuspend} loading={suspend.isPending} data-testid={`${testIdPrefix}-suspend`}>
        {isSuspended ? `REACTIVATE ${noun}` : `DEACTIVATE ${noun}`}
      </Button>
      {remove === undefined ? null : (
        <Button
          danger
          onClick={handleRemove}
          loading={remove.isPending}
          data-testid={`${testIdPrefix}-remove`}
        >
          {`REMOVE ${noun}`}
        </Button>
      )}
    </Flex>
  );
}
