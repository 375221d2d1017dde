import { BellOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useNavigate } from 'react-router';
import { PATHS } from '../routes/paths';
import { bellBadge } from './bell-badge';

/**
 * Header bell with the unread count (overflow '999+', A section 9); a click opens the whole log from now on,
 * which clears the unread flag (A section 2).
 */
export function NotificationBell({ unreadCount }: { unreadCount: number }) {
  const navigate = useNavigate();
  const badge = bellBadge(unreadCount);
  return (
    <Badge
      count={badge ?? 0}
      // bellBadge already wrote the overflow ('999+'); antd's own would cut at 99.
      overflowCount={Number.POSITIVE_INFINITY}
      size="small"
      offset={[-6, 6]}
      data-testid="notification-badge"
    >
      <Button
        type="text"
        shape="circle"
        className="header-icon-button"
        icon={<BellOutlined />}
        aria-label={badge === null ? 'Notifications' : `Notifications, ${badge} unread`}
        data-testid="notification-bell"
        onClick={() => navigate(PATHS.allNotificationsNow)}
      />
    </Badge>
  );
}
