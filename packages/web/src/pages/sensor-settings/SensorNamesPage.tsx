import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /edit/sensor/names (M section 2). */
export function SensorNamesPage() {
  return (
    <PlaceholderPage
      title="Edit Sensor Names"
      description="The names of the selected device's groups and sensors will be edited here."
    />
  );
}
