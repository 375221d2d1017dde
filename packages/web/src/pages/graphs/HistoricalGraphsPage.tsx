import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /graphs/historical/graphs/:dateTime/:sensorId? (M section 2). */
export function HistoricalGraphsPage() {
  return (
    <PlaceholderPage
      title="Historical Graphs"
      description="Graphs of the selected device from a chosen date and time will appear here."
    />
  );
}
