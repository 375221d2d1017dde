import { Alert } from 'antd';
import type { Notice } from '../hooks/useNotice';

type NoticeAlertProps = { notice: Notice | null; testId?: string };

/** The alert of useNotice, above a page's content (nothing while no notice is up). */
export function NoticeAlert({ notice, testId }: NoticeAlertProps) {
  if (notice === null) {
    return null;
  }
  return (
    <Alert
      type={notice.type}
      showIcon
      title={notice.text}
      description={notice.description}
      className="form-alert"
      data-testid={testId}
    />
  );
}
