import { type RetrieveCodeResponse, TWO_FACTOR_MESSAGES } from '@vigil/contracts';
import { Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { errorMessageOf } from '../../../api/api-error';
import { retrieveCode, setupTwoFactor } from '../../../api/two-factor';
import { NoticeAlert } from '../../../components/NoticeAlert';
import { useNotice } from '../../../hooks/useNotice';
import { ALERT_RESET_MS } from '../../../messages';
import { groupSecret } from '../code-format';
import { CodeForm } from './CodeForm';

type SetupStepsProps = {
  /** Called with the server's message once the device is confirmed. */
  onComplete: (detail: string) => Promise<void>;
};

/** Step 1 'Setup 2FA' makes a QR code; step 2 scans it and checks the token (A section 4). */
export function SetupSteps({ onComplete }: SetupStepsProps) {
  const [code, setCode] = useState<RetrieveCodeResponse | null>(null);
  // A section 9: alerts close after 5 s.
  const status = useNotice(ALERT_RESET_MS);
  const [isGenerating, setIsGenerating] = useState(false);

  const handleGenerate = async () => {
    setIsGenerating(true);
    status.clear();
    try {
      const detail = await setupTwoFactor();
      setCode(await retrieveCode());
      status.show(detail, 'info');
    } catch (error) {
      status.show(errorMessageOf(error, TWO_FACTOR_MESSAGES.verificationFailed), 'error');
    } finally {
      setIsGenerating(false);
    }
  };

  return (
    <Flex vertical gap={16}>
      <Card title="Step 1: Setup 2FA">
        <Typography.Paragraph>
          Generate a QR code for an authenticator app on your phone (Google Authenticator, Microsoft
          Authenticator, 1Password, FreeOTP and others).
        </Typography.Paragraph>
        <NoticeAlert notice={status.notice} testId="setup-status" />
        {code === null ? null : <QrCodePanel code={code} />}
        <Button
          type={code === null ? 'primary' : 'default'}
          loading={isGenerating}
          onClick={handleGenerate}
          data-testid="setup-2fa"
        >
          {code === null ? 'Setup 2FA' : 'Generate a new QR code'}
        </Button>
      </Card>
      <Card title="Step 2: Scan and verify">
        <Typography.Paragraph type={code === null ? 'secondary' : undefined}>
          Scan the QR code with your app, then enter the token it shows.
        </Typography.Paragraph>
        <CodeForm isDisabled={code === null} onVerified={onComplete} />
      </Card>
    </Flex>
  );
}

function QrCodePanel({ code }: { code: RetrieveCodeResponse }) {
  return (
    <Flex gap={24} wrap align="center" style={{ marginBottom: 16 }}>
      <img
        src={code.qrcode}
        alt="QR code to scan with your authenticator app"
        width={200}
        height={200}
        data-testid="qr-code"
      />
      <Flex vertical gap={8} style={{ minWidth: 240, flex: 1 }}>
        <Typography.Text type="secondary">Cannot scan? Enter this key in your app:</Typography.Text>
        <Typography.Text
          code
          copyable={{ text: code.secret, tooltips: ['Copy key', 'Copied'] }}
          style={{ fontSize: 16, wordBreak: 'break-all' }}
          data-testid="totp-secret"
          data-secret={code.secret}
        >
          {groupSecret(code.secret)}
        </Typography.Text>
        <Typography.Text type="secondary">
          Time-based, 6 digits, every 30 seconds. On this device?{' '}
          <a href={code.otpauth_url} data-testid="otpauth-link">
            Open in your authenticator app
          </a>
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
