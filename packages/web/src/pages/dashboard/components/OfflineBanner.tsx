import { Alert } from 'antd';
import { formatSiteTime } from '../../../time/site-time';
import { DASHBOARD_MESSAGES } from '../dashboard-messages';

/**
 * M section 2's offline text, and when the device was last heard from in the site's zone: every reading
 * below is that old (issue 23).
 */
export function OfflineBanner({ lastSeenAt, timeZone }: { lastSeenAt: string | null; timeZone: string }) {
  const lastSeen = lastSeenAt === null ? Number.NaN : Date.parse(lastSeenAt);
  return (
    <Alert
      type="warning"
      showIcon
      title={DASHBOARD_MESSAGES.offline}
      description={
        <span data-testid="last-data">
          {Number.isNaN(lastSeen)
            ? DASHBOARD_MESSAGES.neverReported
            : DASHBOARD_MESSAGES.lastData(formatSiteTime(lastSeen, timeZone))}
        </span>
      }
      data-testid="offline-banner"
    />
  );
}
