import { type OrderedGroup, rankSensorGroup, SENSOR_GROUP_ORDER } from '@vigil/contracts';

/**
 * M section 9 'Sensor groups order' for graphs (docs/graphs.md 'Order'): ranked groups in
 * SENSOR_GROUP_ORDER (a nested group takes the rank of its nearest ranked ancestor when it has none of its
 * own), then groups of no known kind in tree order, then every graph whose dotted path contains a segment
 * 'sensors' (M section 9: such paths rank highest, 11 or 256 for F500-UDF, i.e. last).
 */

export type OrderableGraph = {
  /** Dotted path of the sensor group, e.g. 'F5000001.tmp' or 'F5000001.sensors'. */
  key: string;
  /** The groups from the top-level one down to the graph's own group (empty for top-level sensors). */
  groups: readonly OrderedGroup[];
};

const SENSORS_SEGMENT = 'sensors';
const UNRANKED = SENSOR_GROUP_ORDER.length;
const SENSORS_RANK = UNRANKED + 1;

/** True when the graph's dotted path has a segment 'sensors' (top-level device sensors, or such a group). */
export function isSensorsPath(key: string): boolean {
  return key.split('.').some((segment) => segment.toLowerCase() === SENSORS_SEGMENT);
}

/** The graph's place: its group's rank, else its nearest ranked ancestor's; unranked; 'sensors' paths last. */
export function rankGraph(graph: OrderableGraph): number {
  if (isSensorsPath(graph.key)) {
    return SENSORS_RANK;
  }
  for (let index = graph.groups.length - 1; index >= 0; index--) {
    const group = graph.groups[index];
    const rank = group === undefined ? -1 : rankSensorGroup(group);
    if (rank !== -1) {
      return rank;
    }
  }
  return UNRANKED;
}

/** The graphs in M section 9 order; ties keep their tree order. Does not change the input. */
export function orderGraphs<T extends OrderableGraph>(graphs: readonly T[]): T[] {
  return graphs
    .map((graph, index) => ({ graph, index, rank: rankGraph(graph) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ graph }) => graph);
}
