import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /edit/sensor/images (M section 2). */
export function SensorImagesPage() {
  return (
    <PlaceholderPage
      title="Edit Sensor Images"
      description="The image shown for each sensor of the selected device will be chosen here."
    />
  );
}
