import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { graphKeys, listF500Nodes, updateF500Arrangement } from '../../../api/graphs';
import { sensorGraphPath } from '../dashboard-paths';
import { graphSelectionOf } from '../f500-graph-link';

/**
 * Opens a clicked sensor's graph (M section 2: /graphs/{sensorId}, or the historical graphs in snapshot mode).
 * On F500 devices a node sensor joins the person's panel selection first (f500-graph-link.ts); if that
 * fails the graph page still opens, with its panel as it was.
 */
export function useSensorGraphLink(deviceId: number, isF500: boolean) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (fullId: string, snapshotTimestamp: string | null) => {
      if (isF500) {
        try {
          const nodes = await queryClient.fetchQuery({
            queryKey: graphKeys.nodes(deviceId),
            queryFn: ({ signal }) => listF500Nodes(deviceId, signal),
          });
          const input = graphSelectionOf(fullId, nodes, snapshotTimestamp === null ? 'live' : 'historical');
          if (input !== null) {
            const arrangement = await updateF500Arrangement(deviceId, input);
            queryClient.setQueryData(graphKeys.arrangement(deviceId), arrangement);
          }
        } catch {
          // The graph page shows its own alert if the panel cannot be read there either.
        }
      }
      await navigate(sensorGraphPath(fullId, snapshotTimestamp));
    },
    [deviceId, isF500, navigate, queryClient],
  );
}
