import { PlaceholderPage } from '../../components/PlaceholderPage';
import { useCurrentUser } from '../../hooks/useCurrentUser';

/** /devices and /devices/:id: the device cards of the current site (A section 2 'Devices page'). */
export function DevicesPage() {
  const { current_client: client, current_location: site } = useCurrentUser();
  const title = client !== null && site !== null ? `${client.company} / ${site.title} - Devices` : 'Devices';
  return (
    <PlaceholderPage
      title={title}
      description="The device cards (Active, Suspended or Offline) of the selected site will appear here; choosing a device opens its dashboard."
    />
  );
}
