import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** .../schemas/:schemaId/new-tab and .../schemas/:schemaId/tabs/:tabId/edit (M section 2 'Editor'). */
export function TabEditorPage() {
  const { tabId } = useParams();
  return (
    <PlaceholderPage
      title={tabId === undefined ? 'Editor: Create' : 'Editor: Edit'}
      description="The editor of this schema tab's diagram will appear here."
    />
  );
}
