import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Client list at '/', /clients and /clients/:search (A section 2 'Clients page'). */
export function ClientsPage() {
  return (
    <PlaceholderPage
      title="Clients"
      description="The client list with search, sorting by company and pages of 20 will appear here; choosing a client opens its sites."
    />
  );
}
