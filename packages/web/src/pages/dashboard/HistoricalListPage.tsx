import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /dashboard/historical and /dashboard/historical/:dateTime (M section 2). */
export function HistoricalListPage() {
  return (
    <PlaceholderPage
      title="Historical Data"
      description="The historical records of the selected device around the searched date and time will be listed here."
    />
  );
}
