import { useQueryClient } from '@tanstack/react-query';
import { VISUAL_LIMITS, VISUAL_MESSAGES, type VisualSchema } from '@vigil/contracts';
import { App } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessageOf } from '../../../api/api-error';
import {
  cloneSchema,
  cloneTab,
  deleteSchema,
  deleteTab,
  publishSchema,
  visualDashboardKeys,
} from '../../../api/visual-dashboard';
import {
  editSchemaPath,
  editTabPath,
  newTabPath,
  schemaTabPath,
  visualDashboardSchemasPath,
} from '../../../routes/paths';
import type { TextPrompt } from './TextPromptModal';
import { copyNameOf, correspondingTabId, firstTabPathOf } from './tab-routing';

/** The first of the two confirmations before a tab is deleted (the spec's schema text, said of a tab). */
export const DELETE_TAB_CONFIRM = 'Are you sure you want to delete this tab?';

/** What a change of a published schema does once its new version exists (M section 4 'Schema'). */
export type PublishedAction = 'edit' | 'clone' | 'add-tab';

const ACTION_TEXT: Record<PublishedAction, string> = {
  edit: 'edit this tab',
  clone: 'clone this tab',
  'add-tab': 'add a tab',
};

/**
 * The editor's actions of the live view (M section 2 'Schema details', section 4 'Schema'): tab edit, clone and
 * delete, add tab, modify, delete, publish and clone the schema; on a published schema edit, clone and add tab go
 * through the 'modify published' dialog, which makes a new version first. Every change refreshes the dashboard.
 */
export function useSchemaActions(schema: VisualSchema, viewedTabId: number) {
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [prompt, setPrompt] = useState<TextPrompt | null>(null);
  const siteId = schema.location;
  const refresh = () => queryClient.invalidateQueries({ queryKey: visualDashboardKeys.all });
  const fail = (error: unknown) => message.error(errorMessageOf(error, 'The change could not be made.'));

  /** Two confirmations (M section 8), then the change; a failure is said and changes nothing more. */
  const confirmTwice = (first: string, run: () => Promise<void>) => {
    modal.confirm({
      title: first,
      okText: 'Yes',
      onOk: () => {
        modal.confirm({
          title: VISUAL_MESSAGES.cannotUndo,
          okText: 'Delete',
          okButtonProps: { danger: true },
          onOk: () => run().catch(fail),
        });
      },
    });
  };

  /** After a new version exists: its tab at the viewed tab's place, then the action there. */
  const proceedInVersion = async (copy: VisualSchema, action: PublishedAction, tabId: number) => {
    const target = correspondingTabId(schema, copy, tabId);
    if (action === 'add-tab' || target === null) {
      navigate(newTabPath(siteId, copy.id));
      return;
    }
    if (action === 'edit') {
      navigate(editTabPath(siteId, copy.id, target));
      return;
    }
    const cloned = await cloneTab(target);
    await refresh();
    navigate(schemaTabPath(siteId, copy.id, cloned.id));
  };

  /** A copy of the schema under a name the person gives (default '{name} (copy)'), then `then` with it. */
  const askForCopy = (
    texts: Pick<TextPrompt, 'title' | 'message' | 'label' | 'okText' | 'testId'>,
    then: (copy: VisualSchema) => Promise<void> | void,
  ) =>
    setPrompt({
      ...texts,
      initialValue: copyNameOf(schema.name, VISUAL_LIMITS.nameLength),
      requiredMessage: VISUAL_MESSAGES.nameRequired,
      maxLength: VISUAL_LIMITS.nameLength,
      onSubmit: async (name) => {
        const copy = await cloneSchema(schema.id, name);
        await refresh();
        await then(copy);
      },
    });

  const askForNewVersion = (action: PublishedAction, tabId: number) =>
    askForCopy(
      {
        title: 'Create a new version',
        message: `${VISUAL_MESSAGES.modifyPublished} To ${ACTION_TEXT[action]}, create a new version of this schema.`,
        label: 'Name of the new version',
        okText: 'Create new version',
        testId: 'modify-published-dialog',
      },
      (copy) => proceedInVersion(copy, action, tabId),
    );

  const unlessPublished = (action: PublishedAction, tabId: number, run: () => void | Promise<void>) => {
    if (schema.is_published) {
      askForNewVersion(action, tabId);
      return;
    }
    Promise.resolve(run()).catch(fail);
  };

  return {
    prompt,
    closePrompt: () => setPrompt(null),
    editTab: (tabId: number) =>
      unlessPublished('edit', tabId, () => navigate(editTabPath(siteId, schema.id, tabId))),
    cloneTab: (tabId: number) =>
      unlessPublished('clone', tabId, async () => {
        const cloned = await cloneTab(tabId);
        await refresh();
        navigate(schemaTabPath(siteId, schema.id, cloned.id));
      }),
    addTab: () => unlessPublished('add-tab', viewedTabId, () => navigate(newTabPath(siteId, schema.id))),
    deleteTab: (tabId: number) =>
      confirmTwice(DELETE_TAB_CONFIRM, async () => {
        await deleteTab(tabId);
        await refresh();
        message.success('The tab was deleted.');
        if (tabId === viewedTabId) {
          navigate(firstTabPathOf(schema, true, tabId), { replace: true });
        }
      }),
    modifySchema: () => navigate(editSchemaPath(siteId, schema.id)),
    deleteSchema: () =>
      confirmTwice(VISUAL_MESSAGES.deleteSchema, async () => {
        await deleteSchema(schema.id);
        navigate(visualDashboardSchemasPath(siteId), { replace: true });
        await refresh();
        message.success('The schema was deleted.');
      }),
    publish: () =>
      setPrompt({
        title: `Publish '${schema.name}'`,
        label: 'Comment',
        initialValue: '',
        requiredMessage: VISUAL_MESSAGES.commentRequired,
        maxLength: VISUAL_LIMITS.commentLength,
        isMultiline: true,
        okText: 'Publish',
        testId: 'publish-dialog',
        onSubmit: async (comment) => {
          await publishSchema(schema.id, comment);
          await refresh();
          message.success('The schema was published.');
        },
      }),
    cloneSchema: () =>
      askForCopy(
        {
          title: `Clone '${schema.name}'`,
          label: 'Name of the copy',
          okText: 'Clone',
          testId: 'clone-schema-dialog',
        },
        (copy) => {
          const tabId = correspondingTabId(schema, copy, viewedTabId);
          navigate(tabId === null ? newTabPath(siteId, copy.id) : schemaTabPath(siteId, copy.id, tabId));
        },
      ),
  };
}

export type SchemaActions = ReturnType<typeof useSchemaActions>;
