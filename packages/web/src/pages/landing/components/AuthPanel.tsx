import { Card, Tabs } from 'antd';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';

export type AuthTab = 'register' | 'login';

type AuthPanelProps = { activeTab: AuthTab; onTabChange: (tab: AuthTab) => void };

/** Register and Login tabs of the landing page (A section 2). */
export function AuthPanel({ activeTab, onTabChange }: AuthPanelProps) {
  return (
    <Card id="auth-panel" className="auth-panel" data-testid="auth-panel">
      <Tabs
        activeKey={activeTab}
        onChange={(key) => onTabChange(key === 'register' ? 'register' : 'login')}
        centered
        size="large"
        items={[
          { key: 'register', label: 'Register', children: <RegisterForm /> },
          { key: 'login', label: 'Login', children: <LoginForm /> },
        ]}
      />
    </Card>
  );
}
