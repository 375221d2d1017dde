import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /clients/add/client and /clients/add/client/:id (A section 2). */
export function ClientFormPage() {
  const { id } = useParams();
  return (
    <PlaceholderPage
      title={id === undefined ? 'Add Client' : 'Edit Client'}
      description="The client form (account number, company, contact, alternative contact, two-factor requirement) will appear here."
    />
  );
}
