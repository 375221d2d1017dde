import { useQueryClient } from '@tanstack/react-query';
import { VISUAL_MESSAGES, type VisualSchema } from '@vigil/contracts';
import { App } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/api-error';
import { cloneSchema, saveTab, visualDashboardKeys } from '../../../api/visual-dashboard';
import { schemaTabPath } from '../../../routes/paths';
import type { EditorDiagram } from './editor-model';
import { buildTabSave, copyNameOf, type SaveTarget, validateTabSave } from './save-payload';
import type { EditorMode } from './useEditorPage';

type SaverOptions = {
  mode: EditorMode;
  schema: VisualSchema | null;
  schemaName: string;
  getDiagram: () => EditorDiagram;
  /** Called once the save succeeded, before the page leaves for the live view. */
  onSaved: () => void;
};

/**
 * SAVE (M sections 3 'Save payload', 4 'Schema', 8): checks the payload, sends it, and on success opens the
 * saved tab's live view. A published schema is first copied (after VISUAL_MESSAGES.publishedSave) and the tab is
 * saved into the copy: the tab at the same place of the copy's strip, or a new tab of the copy.
 */
export function useTabSaver({ mode, schema, schemaName, getDiagram, onSaved }: SaverOptions) {
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isSaving, setIsSaving] = useState(false);
  // A copy made by an earlier SAVE whose tab save then failed: the next SAVE goes into it, not into a new copy.
  const copyTarget = useRef<SaveTarget | null>(null);

  const confirmPublished = () =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title: VISUAL_MESSAGES.publishedSave,
        okText: 'Create a copy',
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });

  const showProblems = (title: string, problems: string[]) =>
    modal.error({
      title,
      content: (
        <ul className="vd-problems" data-testid="save-problems">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ),
    });

  const targetFor = async (): Promise<SaveTarget | null> => {
    const own: SaveTarget = { ...mode, schemaName, isCopy: false };
    if (schema === null || !schema.is_published) {
      return own;
    }
    if (copyTarget.current !== null) {
      return copyTarget.current;
    }
    if (!(await confirmPublished())) {
      return null;
    }
    const copy = await cloneSchema(schema.id, copyNameOf(schema.name));
    const place = schema.schema_tabs.findIndex((tab) => tab.id === mode.tabId);
    const tabId = mode.tabId === null ? null : (copy.schema_tabs[place]?.id ?? null);
    copyTarget.current = { ...own, schemaId: copy.id, tabId, isCopy: true };
    return copyTarget.current;
  };

  const save = async () => {
    const diagram = getDiagram();
    const problems = validateTabSave(buildTabSave(diagram, { ...mode, schemaName, isCopy: false }));
    if (problems.length > 0) {
      showProblems('The tab cannot be saved yet', problems);
      return;
    }
    setIsSaving(true);
    try {
      const target = await targetFor();
      if (target === null) {
        return;
      }
      const saved = await saveTab(buildTabSave(diagram, target));
      await queryClient.invalidateQueries({ queryKey: visualDashboardKeys.all });
      onSaved();
      navigate(schemaTabPath(mode.siteId, saved.schema, saved.id));
    } catch (error) {
      showProblems('The tab was not saved', problemsOf(error));
    } finally {
      setIsSaving(false);
    }
  };
  return { save, isSaving };
}

/** The server's words: its message and each field's messages (M section 8: an alert with field errors). */
function problemsOf(error: unknown): string[] {
  if (!(error instanceof ApiError)) {
    return [error instanceof Error ? error.message : String(error)];
  }
  const fields = Object.entries(error.fields).flatMap(([field, messages]) =>
    messages.map((message) => `${field}: ${message}`),
  );
  return fields.length > 0 ? fields : [error.message];
}
