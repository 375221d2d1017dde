import { COMMON_MESSAGES } from '@vigil/contracts';
import { Button, Result } from 'antd';

type ServerProblemProps = {
  detail?: string;
  isRetrying: boolean;
  onRetry: () => void;
  onLogout: () => void;
};

/** A section 8: shown when the current-user load fails for a reason other than an expired session. */
export function ServerProblem({ detail, isRetrying, onRetry, onLogout }: ServerProblemProps) {
  return (
    <Result
      status="warning"
      title={COMMON_MESSAGES.serverConnectionProblem}
      subTitle={detail ?? 'Vigil could not load your account. Check your connection and try again.'}
      extra={[
        <Button key="retry" type="primary" loading={isRetrying} onClick={onRetry}>
          Retry
        </Button>,
        <Button key="logout" onClick={onLogout}>
          Back to login
        </Button>,
      ]}
    />
  );
}
