import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /analytics (M section 2 'Analytics'). */
export function AnalyticsPage() {
  return (
    <PlaceholderPage
      title="Analytics"
      description="Alarm reports of the selected device by sensor, time of day and type will appear here."
    />
  );
}
