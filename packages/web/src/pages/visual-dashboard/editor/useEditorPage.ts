import { useQuery } from '@tanstack/react-query';
import type { MachineTypeJson } from '@vigil/contracts';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { siteQuery } from '../../../api/sites';
import { machineTypesQuery, schemaQuery, tabQuery } from '../../../api/visual-dashboard';
import type { EditorDiagram } from './editor-model';
import { diagramFromTab, emptyDiagram } from './load-tab';

/** The four routes of the editor (M section 2): a new schema, a schema's first tab, a tab, a new tab. */
export type EditorRoute = 'new-schema' | 'edit-schema' | 'edit-tab' | 'new-tab';

/** Which editor a route opens (M section 2 routes). */
export type EditorMode = {
  siteId: number;
  /** null: 'schemas/new', a new schema. */
  schemaId: number | null;
  /** The tab edited; null for a new tab (new schema or 'new-tab'). */
  tabId: number | null;
};

const idOf = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * The editor's data: the site (is the person an editor?), the machine types, the schema and the tab. 'edit' of a
 * schema opens its first tab; a new schema or 'new-tab' opens an empty canvas.
 */
export function useEditorPage(route: EditorRoute) {
  const params = useParams();
  const siteId = idOf(params.siteId) ?? 0;
  const schemaId = route === 'new-schema' ? null : idOf(params.schemaId);
  const site = useQuery({ ...siteQuery(siteId), enabled: siteId > 0 });
  const canEdit = site.data?.can_edit === true;
  const types = useQuery({ ...machineTypesQuery(), enabled: canEdit });
  const schema = useQuery({ ...schemaQuery(schemaId ?? 0), enabled: canEdit && schemaId !== null });
  const isSchemaEdit = route === 'edit-schema';
  const tabId = isSchemaEdit
    ? (schema.data?.schema_tabs[0]?.id ?? null)
    : route === 'edit-tab'
      ? idOf(params.tabId)
      : null;
  const tab = useQuery({ ...tabQuery(tabId ?? 0), enabled: canEdit && tabId !== null });

  const typeMap = useMemo(
    () => new Map<number, MachineTypeJson>((types.data ?? []).map((type) => [type.id, type])),
    [types.data],
  );
  const initial: EditorDiagram | null = useMemo(() => {
    if (types.data === undefined) {
      return null;
    }
    if (tabId === null) {
      return isSchemaEdit && schema.data === undefined ? null : emptyDiagram();
    }
    return tab.data === undefined ? null : diagramFromTab(tab.data, typeMap);
  }, [types.data, tabId, tab.data, typeMap, isSchemaEdit, schema.data]);

  const mode: EditorMode = { siteId, schemaId, tabId };
  const pending = [site, types, schema, tab].some((query) => query.isPending && query.fetchStatus !== 'idle');
  return {
    mode,
    isEdit: tabId !== null,
    site: site.data ?? null,
    isSiteLoading: site.isPending && site.fetchStatus !== 'idle',
    canEdit,
    types: typeMap,
    machineTypes: types.data ?? [],
    schema: schema.data ?? null,
    initial,
    isLoading: pending,
    error: site.error ?? types.error ?? schema.error ?? tab.error ?? null,
  };
}
