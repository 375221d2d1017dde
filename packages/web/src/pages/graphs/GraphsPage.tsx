import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /graphs and /graphs/:sensorId (M section 2 'Sensor graphs'). */
export function GraphsPage() {
  return (
    <PlaceholderPage
      title="Live Graphs"
      description="Live and historical graphs of the selected device (1 HR, 24 HR, 7 Days, 30 Days, Custom) will appear here."
    />
  );
}
