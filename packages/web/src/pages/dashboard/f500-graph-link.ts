import type { F500Node, GraphArrangementInput } from '@vigil/contracts';

/**
 * On F500 and F500-UDF the graph pages draw only the sensors chosen in their side panel (M section 2), so a
 * node sensor clicked on the dashboard is first added to the person's panel selection: its graph opens, and
 * the panel shows it checked. Answers that append call, or null for a sensor in no node (the System group),
 * which has no checkbox: the graph page draws it because the route names it (graph-filters.ts f500GraphsOf).
 */
export function graphSelectionOf(
  fullId: string,
  nodes: readonly F500Node[],
  graphType: string,
): GraphArrangementInput | null {
  for (const node of nodes) {
    if (node.key === undefined || !fullId.startsWith(`${node.key}.`)) {
      continue;
    }
    const leaf = fullId.slice(node.key.length + 1);
    const sensor = node.sensors.find((one) => String(one.id) === leaf);
    if (sensor !== undefined) {
      return { action: 'append', graph_type: graphType, node: node.number, sensor: sensor.id };
    }
  }
  return null;
}
