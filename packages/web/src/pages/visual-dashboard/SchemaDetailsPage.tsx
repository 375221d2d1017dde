import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /visual-dashboard/site/:siteId/schemas/:schemaId/tabs/:tabId (M section 2). */
export function SchemaDetailsPage() {
  return (
    <PlaceholderPage
      title="Live View: Schema"
      description="The live diagram of this schema tab, with its machines and their sensor states, will appear here."
    />
  );
}
