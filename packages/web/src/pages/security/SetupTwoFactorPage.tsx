import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /setup2FA/ and /setup2fa/ (A section 2 'Security screens'). */
export function SetupTwoFactorPage() {
  return (
    <PlaceholderPage
      title="Manage Security"
      description="Two-factor setup will appear here: generate a QR code, scan it with an authenticator app and enter its token."
    />
  );
}
