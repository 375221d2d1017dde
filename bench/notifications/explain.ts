import type pg from 'pg';
import { FLOOR_SQL, floorParams, type ListRequest, type ReadState, unreadSql } from './calls';

/** EXPLAIN (ANALYZE, BUFFERS) of the plain lookups: is the floor really an index-only scan of the index? */

type PlanNode = {
  'Node Type': string;
  'Index Name'?: string;
  'Heap Fetches'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
};

export type PlanFacts = {
  query: string;
  /** Scan nodes as 'Index Only Scan on notifications_location_type_created_idx'. */
  scans: string[];
  indexOnly: boolean;
  heapFetches: number;
  sharedHit: number;
  sharedRead: number;
  executionMs: number;
};

function walk(node: PlanNode, visit: (node: PlanNode) => void): void {
  visit(node);
  for (const child of node.Plans ?? []) {
    walk(child, visit);
  }
}

export async function explain(
  client: pg.ClientBase,
  query: string,
  text: string,
  values: unknown[],
): Promise<PlanFacts> {
  const { rows } = await client.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode; 'Execution Time': number }> }>(
    `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`,
    values,
  );
  const root = rows[0]?.['QUERY PLAN'][0];
  if (root === undefined) {
    throw new Error(`EXPLAIN of ${query} gave no plan`);
  }
  const scans: string[] = [];
  let heapFetches = 0;
  walk(root.Plan, (node) => {
    if (node['Node Type'].includes('Scan')) {
      scans.push(
        node['Index Name'] === undefined
          ? node['Node Type']
          : `${node['Node Type']} on ${node['Index Name']}`,
      );
    }
    heapFetches += node['Heap Fetches'] ?? 0;
  });
  return {
    query,
    scans,
    indexOnly: scans.length > 0 && scans.every((scan) => scan.startsWith('Index Only Scan')),
    heapFetches,
    sharedHit: root.Plan['Shared Hit Blocks'] ?? 0,
    sharedRead: root.Plan['Shared Read Blocks'] ?? 0,
    executionMs: Math.round(root['Execution Time'] * 100) / 100,
  };
}

export const explainFloor = (client: pg.ClientBase, label: string, request: ListRequest) =>
  explain(client, label, FLOOR_SQL, floorParams(request));

export function explainUnread(
  client: pg.ClientBase,
  label: string,
  state: ReadState,
  sites: number[] | null,
) {
  const { text, values } = unreadSql(state, sites);
  return explain(client, label, text, values);
}
