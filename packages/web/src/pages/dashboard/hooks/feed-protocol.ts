import type { TreeChanges } from '../tree-diff';
import type { FeedStatus } from './feed-connection';

/** The page to the feed's worker: open the socket, carry on after a 4401 check (with the token), stop. */
export type FeedCommand =
  | { type: 'open'; url: string; token: string }
  | { type: 'resume'; token: string | null }
  | { type: 'stop' };

/** The feed's worker to the page: a status change, one tree's changes, or a 4401 the page must check. */
export type FeedEvent =
  | { type: 'status'; status: FeedStatus }
  | { type: 'changes'; changes: TreeChanges }
  | { type: 'unauthenticated' };
