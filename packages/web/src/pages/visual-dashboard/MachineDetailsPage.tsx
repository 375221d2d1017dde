import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /visual-dashboard/site/:siteId/schemas/:schemaId/tabs/:tabId/machines/:machineId/ (M section 2). */
export function MachineDetailsPage() {
  return (
    <PlaceholderPage
      title="Live View: Detailed View"
      description="The machine's active alarms, maintenance, sensors and 24-hour graphs will appear here."
    />
  );
}
