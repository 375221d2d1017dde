import { Tabs } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';

export type AuthTab = 'register' | 'login';

type AuthPanelProps = { activeTab: AuthTab; onTabChange: (tab: AuthTab) => void };

// The forms (antd Form and Input, zod, the captcha) are the landing page's biggest part: they load in their
// own chunks, requested as soon as this module runs, so the tab strip and the hero paint first (issue 8).
const loadLoginForm = () => import('./LoginForm');
const loadRegisterForm = () => import('./RegisterForm');
void loadLoginForm();
void loadRegisterForm();

const LoginForm = lazy(async () => ({ default: (await loadLoginForm()).LoginForm }));
const RegisterForm = lazy(async () => ({ default: (await loadRegisterForm()).RegisterForm }));

/** Register and Login tabs of the landing page (A section 2). */
export function AuthPanel({ activeTab, onTabChange }: AuthPanelProps) {
  return (
    <div id="auth-panel" className="landing-card auth-panel" data-testid="auth-panel">
      <Tabs
        activeKey={activeTab}
        onChange={(key) => onTabChange(key === 'register' ? 'register' : 'login')}
        centered
        size="large"
        items={[
          { key: 'register', label: 'Register', children: withSkeleton(<RegisterForm />, 'register') },
          { key: 'login', label: 'Login', children: withSkeleton(<LoginForm />, 'login') },
        ]}
      />
    </div>
  );
}

/** Grey bars where the form's fields will be, as tall as the form, so the card keeps its size meanwhile. */
function withSkeleton(form: ReactNode, tab: AuthTab) {
  const fieldCount = tab === 'login' ? 2 : 4;
  const fallback = (
    <div className={`auth-form-skeleton auth-form-skeleton-${tab}`} aria-busy="true">
      {Array.from({ length: fieldCount }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder bars
        <span key={index} className="auth-form-skeleton-field" />
      ))}
      <span className="auth-form-skeleton-button" />
    </div>
  );
  return <Suspense fallback={fallback}>{form}</Suspense>;
}
