import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /visual-dashboard/site/:siteId/schemas/new and .../:schemaId/edit (M section 2 'Editor'). */
export function SchemaEditorPage() {
  const { schemaId } = useParams();
  return (
    <PlaceholderPage
      title={schemaId === undefined ? 'Editor: Create' : 'Editor: Edit'}
      description="The schema editor, with machine types, shapes and labels to drag onto the canvas, will appear here."
    />
  );
}
