import { VISUAL_MESSAGES } from '@vigil/contracts';
import { ReactFlowProvider } from '@xyflow/react';
import { Alert, App } from 'antd';
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner } from '../../../components/PageSpinner';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { visualDashboardSchemasPath } from '../../../routes/paths';
import { EditorScreen } from './EditorScreen';
import { type EditorRoute, useEditorPage } from './useEditorPage';

/**
 * The editor's four routes (M section 2 'Editor'; docs/visual-dashboard.md 'Web: editor'). Only editors of the
 * site: anyone else reads VISUAL_MESSAGES.notAllowed and is sent to the schemas list (M section 6).
 */
export function EditorPage({ route }: { route: EditorRoute }) {
  const page = useEditorPage(route);
  usePageTitle(page.isEdit ? 'Editor: Edit' : 'Editor: Create');
  const { message } = App.useApp();
  const isRefused = page.site !== null && !page.canEdit;
  useEffect(() => {
    if (isRefused) {
      message.error(VISUAL_MESSAGES.notAllowed);
    }
  }, [isRefused, message]);

  if (isRefused || (page.error !== null && page.site === null && !page.isSiteLoading)) {
    return <Navigate to={visualDashboardSchemasPath(page.mode.siteId)} replace />;
  }
  if (page.error !== null) {
    return (
      <Alert
        type="error"
        showIcon
        message="The editor could not be opened."
        description={page.error.message}
      />
    );
  }
  if (page.initial === null) {
    return page.isLoading ? (
      <PageSpinner />
    ) : (
      <Alert type="warning" showIcon message="This schema has no tab to edit." />
    );
  }
  const { mode } = page;
  return (
    <ReactFlowProvider>
      <EditorScreen
        key={`${route}-${mode.schemaId}-${mode.tabId}`}
        mode={mode}
        isEdit={page.isEdit}
        schema={page.schema}
        initial={page.initial}
        types={page.types}
        machineTypes={page.machineTypes}
      />
    </ReactFlowProvider>
  );
}
