/** Query key of every clients query, so a change can refresh them all. */
export const CLIENTS_QUERY_KEY = ['clients'] as const;

/** What a form page passes back to the list through navigation state (e.g. after a removal). */
export type ClientsPageState = { notice?: string };
