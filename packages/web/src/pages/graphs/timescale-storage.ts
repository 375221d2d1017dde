import { GRAPH_TIMESCALES, type GraphTimescale } from '@vigil/contracts';
import { type SessionStorage, sessionStore } from '../../auth/session-storage';

/** The tabs that draw a range ending now (M section 2): Live, or one of the timescales. */
export type GraphMode = 'live' | GraphTimescale;

export const GRAPH_MODES: readonly GraphMode[] = ['live', ...GRAPH_TIMESCALES];

/** Tab labels of M section 2, in their order. */
export const GRAPH_MODE_LABELS: Record<GraphMode, string> = {
  live: 'Live',
  hour: '1 HR',
  day: '24 HR',
  week: '7 Days',
  month: '30 Days',
};

export function isGraphMode(value: string): value is GraphMode {
  return GRAPH_MODES.some((mode) => mode === value);
}

type TimescaleStore = Pick<SessionStorage, 'getTimescale' | 'setTimescale'>;

/** The timescale chosen last (M section 2: stored locally); Live is stored as no timescale. */
export function readGraphMode(store: TimescaleStore = sessionStore): GraphMode {
  return store.getTimescale() ?? 'live';
}

export function saveGraphMode(mode: GraphMode, store: TimescaleStore = sessionStore): void {
  store.setTimescale(mode === 'live' ? null : mode);
}

/** The export's `current_chart_type`: Live exports the hour it draws from (M section 7 default is 'day'). */
export function exportTimescaleOf(mode: GraphMode): GraphTimescale {
  return mode === 'live' ? 'hour' : mode;
}
