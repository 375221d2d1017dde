import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /settings/oem/contacts. */
export function SupportContactsPage() {
  return (
    <PlaceholderPage
      title="Support Contacts"
      description="The support address, phone, e-mail and custom styling will be edited here."
    />
  );
}
