import { useParams } from 'react-router';
import { EditorPage } from './editor/EditorPage';

/** /visual-dashboard/site/:siteId/schemas/new and .../:schemaId/edit (M section 2 'Editor'). */
export function SchemaEditorPage() {
  const { schemaId } = useParams();
  return <EditorPage route={schemaId === undefined ? 'new-schema' : 'edit-schema'} />;
}
