import { TWO_FACTOR_MESSAGES } from '@vigil/contracts';
import { App, Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { errorMessageOf } from '../../../api/api-error';
import { disableTwoFactor } from '../../../api/two-factor';

type ResetAuthenticationProps = {
  onReset: (detail: string) => Promise<void>;
  onFailure: (text: string) => void;
};

/** Manage Security when registered: 'Reset Authentication' after a confirmation (A sections 2 and 4). */
export function ResetAuthentication({ onReset, onFailure }: ResetAuthenticationProps) {
  const { modal } = App.useApp();
  const [isResetting, setIsResetting] = useState(false);

  const reset = async () => {
    setIsResetting(true);
    try {
      await onReset(await disableTwoFactor());
    } catch (error) {
      onFailure(errorMessageOf(error, TWO_FACTOR_MESSAGES.disableFailed));
    } finally {
      setIsResetting(false);
    }
  };

  const handleClick = () =>
    modal.confirm({
      title: 'Reset Authentication',
      content:
        'Please confirm you want to remove two-factor authentication. You can set it up again with a new QR code.',
      okText: 'Reset',
      okButtonProps: { danger: true },
      onOk: reset,
    });

  return (
    <Card title="Two-factor authentication">
      <Typography.Paragraph>
        Two-factor authentication is set up: each sign-in asks for the code of your authenticator app.
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        Lost or replaced your phone? Reset the authentication, then set it up again on the new device.
      </Typography.Paragraph>
      <Button danger loading={isResetting} onClick={handleClick} data-testid="reset-authentication">
        Reset Authentication
      </Button>
    </Card>
  );
}
