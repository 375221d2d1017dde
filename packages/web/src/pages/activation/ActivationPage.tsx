import { App, Button, Card, Checkbox, Typography } from 'antd';
import { useState } from 'react';
import { SetPasswordForm } from '../../components/SetPasswordForm';
import { usePageTitle } from '../../hooks/usePageTitle';
import { SAFETY_NOTICE } from '../landing/features';

type Stage = 'terms' | 'password';

/** Activation at /register/activate/:activationKey: terms of use, then 'Set your password' (A section 4). */
export function ActivationPage() {
  const [stage, setStage] = useState<Stage>('terms');
  usePageTitle(stage === 'terms' ? 'Terms of use' : 'Set your password');
  return (
    <div className="narrow-page">
      {stage === 'terms' ? <TermsStage onAccept={() => setStage('password')} /> : <PasswordStage />}
    </div>
  );
}

function TermsStage({ onAccept }: { onAccept: () => void }) {
  const [hasAccepted, setHasAccepted] = useState(false);
  return (
    <>
      <Typography.Title level={3} className="page-title">
        Terms of use
      </Typography.Title>
      <Card>
        <Typography.Paragraph>
          Before you set your password, please read and accept the terms under which Vigil is provided.
        </Typography.Paragraph>
        <Typography.Paragraph strong>{SAFETY_NOTICE}</Typography.Paragraph>
        <Checkbox checked={hasAccepted} onChange={(event) => setHasAccepted(event.target.checked)}>
          I have read and accept the terms of use
        </Checkbox>
        <div className="form-actions">
          <Button type="primary" disabled={!hasAccepted} onClick={onAccept}>
            ACCEPT
          </Button>
        </div>
      </Card>
    </>
  );
}

function PasswordStage() {
  const { message } = App.useApp();
  return (
    <>
      <Typography.Title level={3} className="page-title">
        Set your password
      </Typography.Title>
      <Card>
        <Typography.Paragraph type="secondary">
          Use at least 8 characters, with a digit and an uppercase letter.
        </Typography.Paragraph>
        <SetPasswordForm
          submitLabel="ACTIVATE ME"
          onSubmit={() => message.info('Account activation is not available yet.')}
        />
      </Card>
    </>
  );
}
