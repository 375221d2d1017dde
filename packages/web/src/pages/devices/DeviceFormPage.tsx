import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /devices/add/device and /devices/edit/device/:id (A section 2 'Device forms'). */
export function DeviceFormPage() {
  const { id } = useParams();
  return (
    <PlaceholderPage
      title={id === undefined ? 'Add Device' : 'Edit Device'}
      description="The device form (site, title, serial number, code, type, IP address, UDF ID) will appear here."
    />
  );
}
