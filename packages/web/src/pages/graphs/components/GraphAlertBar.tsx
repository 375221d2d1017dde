import { Alert } from 'antd';
import type { Notice } from '../../../hooks/useNotice';
import styles from '../graphs.module.css';

/** The page's alert (M section 4 'Graph page alert state'); it clears itself after 5 s. */
export function GraphAlertBar({ alert, onClose }: { alert: Notice | null; onClose: () => void }) {
  if (alert === null) {
    return null;
  }
  return (
    <div className={styles.alerts}>
      <Alert
        type={alert.type}
        showIcon
        closable={{ onClose, 'aria-label': 'Close' }}
        title={alert.text}
        data-testid={`graph-alert-${alert.kind}`}
      />
    </div>
  );
}
