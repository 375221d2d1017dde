import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /user/setting (A section 2 'User settings'). */
export function UserSettingsPage() {
  return (
    <PlaceholderPage
      title="User Settings"
      description="Your profile, a password change and the Manage Security link to two-factor setup will appear here."
    />
  );
}
