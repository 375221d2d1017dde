import { Alert } from 'antd';
import type { SocketStatus } from '../../../realtime/authenticated-socket';

/** The texts of the live views' connection notice (docs/visual-dashboard.md 'Web: live views'). */
export const LIVE_NOTICE = {
  connecting: 'Connecting to live data… values appear as the devices report.',
  reconnecting: 'Live connection lost. Reconnecting… values shown may be out of date.',
  forbidden: 'Live data is not available here: the values shown are not live.',
} as const;

/** Says, while the socket is not live, that what the page shows may be out of date (its states are greyed). */
export function LiveNotice({ status }: { status: SocketStatus | null }) {
  if (status === 'live' || status === null) {
    return null;
  }
  const type = status === 'connecting' ? 'info' : status === 'forbidden' ? 'error' : 'warning';
  return (
    <Alert
      type={type}
      showIcon
      message={LIVE_NOTICE[status]}
      style={{ marginBottom: 12 }}
      data-testid="live-notice"
      data-status={status}
    />
  );
}
