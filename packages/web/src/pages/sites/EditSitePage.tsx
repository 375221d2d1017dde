import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /sites/edit/:id (A section 2 'Edit site'). */
export function EditSitePage() {
  return (
    <PlaceholderPage
      title="Edit Site"
      description="The site form, its assigned users and the deactivate and remove actions will appear here."
    />
  );
}
