import { PlaceholderPage } from '../../components/PlaceholderPage';
import { useCurrentUser } from '../../hooks/useCurrentUser';

/** /sites/add/site: the heading shows the client's name (A section 2). */
export function AddSitePage() {
  const { current_client: client } = useCurrentUser();
  return (
    <PlaceholderPage
      title={client === null ? 'Add Site' : `${client.company} - Add Site`}
      description="The new-site form (title, address, contact and timezone) will appear here."
    />
  );
}
