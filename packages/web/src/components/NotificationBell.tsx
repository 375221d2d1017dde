import { BellOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useNavigate } from 'react-router';
import { PATHS } from '../routes/paths';

/** Header bell with the unread count (overflow at 999, A section 9); the live count arrives with the socket. */
export function NotificationBell({ unreadCount = 0 }: { unreadCount?: number }) {
  const navigate = useNavigate();
  return (
    <Badge count={unreadCount} overflowCount={999} size="small" offset={[-6, 6]}>
      <Button
        type="text"
        shape="circle"
        className="header-icon-button"
        icon={<BellOutlined />}
        aria-label="Notifications"
        data-testid="notification-bell"
        onClick={() => navigate(PATHS.allNotifications)}
      />
    </Badge>
  );
}
