import { GRAPH_MESSAGES } from '@vigil/contracts';
import { type GraphMap, hasAnyValue } from './graph-filters';

/** What the graphs area shows (M section 2 empty states, M section 4 spinner), in this order of precedence. */
export type BoardState =
  | { kind: 'loading' }
  | { kind: 'retry' }
  | { kind: 'empty'; text: string; testId: string }
  | { kind: 'charts' };

export type BoardInput = {
  hasPayload: boolean;
  isLoading: boolean;
  isF500: boolean;
  isPanelLoading: boolean;
  /** Something is chosen to draw: sensors in the F500 panel, or a route's sensor in no node (graph-filters.ts). */
  hasSelection: boolean;
  /** The graphs left after the route's sensor and the panel's selection. */
  graphs: GraphMap;
};

export function boardStateOf(input: BoardInput): BoardState {
  if (!input.hasPayload) {
    return input.isLoading ? { kind: 'loading' } : { kind: 'retry' };
  }
  if (input.isF500 && input.isPanelLoading) {
    return { kind: 'loading' };
  }
  if (input.isF500 && !input.hasSelection) {
    return { kind: 'empty', text: GRAPH_MESSAGES.selectSensors, testId: 'graphs-select-sensors' };
  }
  if (Object.keys(input.graphs).length === 0) {
    return { kind: 'empty', text: GRAPH_MESSAGES.graphsEmpty, testId: 'graphs-empty' };
  }
  if (!hasAnyValue(input.graphs)) {
    return { kind: 'empty', text: GRAPH_MESSAGES.noData, testId: 'graphs-no-data' };
  }
  return { kind: 'charts' };
}
