import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /verify2FA/ (A section 2 'Security screens'). */
export function VerifyTwoFactorPage() {
  return (
    <PlaceholderPage
      title="Verify Security"
      description="Please enter the code on your device: the verification form will appear here."
    />
  );
}
