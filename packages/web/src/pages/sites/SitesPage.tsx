import { PlaceholderPage } from '../../components/PlaceholderPage';
import { useCurrentUser } from '../../hooks/useCurrentUser';

/** /sites: the site cards of the current client (A section 2 'Sites page'). */
export function SitesPage() {
  const { current_client: client } = useCurrentUser();
  return (
    <PlaceholderPage
      title={client === null ? 'Sites' : `${client.company} - Sites`}
      description="The site cards with their alarm, warning, suspended or OK status will appear here; choosing a site opens its devices."
    />
  );
}
