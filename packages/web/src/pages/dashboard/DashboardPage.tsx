import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /dashboard (M section 2 'Sensor dashboard'). */
export function DashboardPage() {
  return (
    <PlaceholderPage
      title="Sensor Dashboard"
      description="The live sensor groups, system state and versions of the selected device will appear here."
    />
  );
}
