import { OEM_MESSAGES } from '@vigil/contracts';
import { Alert, Button } from 'antd';

type OemLoadErrorProps = { onRetry: () => void; isRetrying: boolean };

/** A section 2 'OEM settings': the header shown when OEM data could not be loaded. */
export function OemLoadError({ onRetry, isRetrying }: OemLoadErrorProps) {
  return (
    <Alert
      type="error"
      showIcon
      title={OEM_MESSAGES.loadError}
      className="form-alert"
      role="alert"
      data-testid="oem-load-error"
      action={
        <Button size="small" onClick={onRetry} loading={isRetrying}>
          Retry
        </Button>
      }
    />
  );
}
