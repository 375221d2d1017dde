import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /user/setting/notification (A section 2 'E-mail alert list'). */
export function AlertRulesPage() {
  return (
    <PlaceholderPage
      title="Email Alerts"
      description="The table of your e-mail alert rules, with search and pages of 20, will appear here."
    />
  );
}
