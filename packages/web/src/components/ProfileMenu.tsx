import { DownOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { fullNameOf } from '@vigil/contracts';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { useAuth } from '../hooks/useAuth';
import { useCurrentUser } from '../hooks/useCurrentUser';
import { PATHS } from '../routes/paths';

/** Profile dropdown: the user's full name (or 'Profile') with Settings and Logout (A section 2). */
export function ProfileMenu({ isSettingsHidden = false }: { isSettingsHidden?: boolean }) {
  const me = useCurrentUser();
  const { logout } = useAuth();
  const navigate = useNavigate();

  const items: MenuProps['items'] = [
    isSettingsHidden
      ? null
      : { key: 'settings', icon: <SettingOutlined />, label: 'Settings', 'data-testid': 'profile-settings' },
    { key: 'logout', icon: <LogoutOutlined />, label: 'Logout', 'data-testid': 'logout' },
  ];

  const handleClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'settings') {
      navigate(PATHS.userSettings);
    } else if (key === 'logout') {
      void logout();
    }
  };

  return (
    <Dropdown menu={{ items, onClick: handleClick }} trigger={['click']} placement="bottomRight">
      <Button type="text" className="profile-button" data-testid="profile-menu">
        <UserOutlined />
        <span className="profile-name">{fullNameOf(me)}</span>
        <DownOutlined className="profile-caret" />
      </Button>
    </Dropdown>
  );
}
