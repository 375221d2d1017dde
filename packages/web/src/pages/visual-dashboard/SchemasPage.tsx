import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /visual-dashboard/site/:siteId/schemas/ (M section 2). */
export function SchemasPage() {
  return (
    <PlaceholderPage
      title="Schemas list"
      description="The schemas of this site will appear here as cards, each opening its live view."
    />
  );
}
