import { useParams } from 'react-router';
import { EditorPage } from './editor/EditorPage';

/** .../schemas/:schemaId/new-tab and .../schemas/:schemaId/tabs/:tabId/edit (M section 2 'Editor'). */
export function TabEditorPage() {
  const { tabId } = useParams();
  return <EditorPage route={tabId === undefined ? 'new-tab' : 'edit-tab'} />;
}
