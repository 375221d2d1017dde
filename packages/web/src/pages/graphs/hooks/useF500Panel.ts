import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { F500Node, GraphArrangement, GraphArrangementInput } from '@vigil/contracts';
import { GRAPH_MESSAGES } from '@vigil/contracts';
import { useMemo } from 'react';
import { errorMessageOf } from '../../../api/api-error';
import { f500ArrangementQuery, f500NodesQuery, graphKeys, updateF500Arrangement } from '../../../api/graphs';
import { applyArrangementInput, selectionOfArrangement } from '../graph-filters';
import type { ShowGraphAlert } from './useGraphAlert';

const NO_NODES: F500Node[] = [];

/** Device types with the nodes side panel (M section 2; M section 9: F500-UDF is treated as F500). */
export const F500_TYPES: readonly string[] = ['F500', 'F500-UDF'];

/**
 * The F500 side panel: its nodes (f500-nodes/), the selection kept per user (f500-arrangement/), and the
 * append / delete / clean call whose answer becomes the selection.
 */
export function useF500Panel(deviceId: number, isEnabled: boolean, onAlert: ShowGraphAlert) {
  const queryClient = useQueryClient();
  const nodes = useQuery({ ...f500NodesQuery(deviceId), enabled: isEnabled, refetchOnWindowFocus: false });
  const arrangement = useQuery({
    ...f500ArrangementQuery(deviceId),
    enabled: isEnabled,
    refetchOnWindowFocus: false,
  });
  const arrangementKey = graphKeys.arrangement(deviceId);
  const update = useMutation({
    // One call at a time per device, in the order clicked: the last answer is the selection.
    scope: { id: `f500-arrangement-${deviceId}` },
    mutationFn: (input: GraphArrangementInput) => updateF500Arrangement(deviceId, input),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: arrangementKey });
      const before = queryClient.getQueryData<GraphArrangement>(arrangementKey);
      queryClient.setQueryData<GraphArrangement>(arrangementKey, (current) =>
        applyArrangementInput(current ?? { nodes: [] }, input, nodes.data ?? NO_NODES),
      );
      return { before };
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(arrangementKey, answer);
      onAlert('success');
    },
    onError: (error, _input, context) => {
      queryClient.setQueryData(arrangementKey, context?.before);
      onAlert('error', errorMessageOf(error, GRAPH_MESSAGES.fetchError));
    },
  });
  const selection = useMemo(
    () => selectionOfArrangement(arrangement.data ?? { nodes: [] }, nodes.data ?? NO_NODES),
    [arrangement.data, nodes.data],
  );
  return {
    nodes: nodes.data ?? NO_NODES,
    selection,
    isLoading: isEnabled && (nodes.isPending || arrangement.isPending),
    isError: nodes.isError || arrangement.isError,
    isSaving: update.isPending,
    change: update.mutate,
  };
}
