import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /edit/sensor/types (M section 2). */
export function SensorTypesPage() {
  return (
    <PlaceholderPage
      title="Edit Sensor Types"
      description="Sensor types, units and scaling of ETH-NODE devices will be edited here."
    />
  );
}
