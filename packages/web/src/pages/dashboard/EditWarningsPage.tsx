import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /dashboard/edit/warnings (M section 2). */
export function EditWarningsPage() {
  return (
    <PlaceholderPage
      title="Edit Warnings"
      description="The warning thresholds of the selected device will be edited here."
    />
  );
}
