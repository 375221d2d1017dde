import type { StateTree } from '@vigil/contracts';
import { createTreeDiffer, type TreeChanges } from '../tree-diff';

/** A frame is a state tree when it has the tree's top-level shape (the server validated it at ingest). */
export function isStateTree(value: unknown): value is StateTree {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const tree = value as Partial<StateTree>;
  return Array.isArray(tree.groups) && typeof tree.device === 'object' && tree.device !== null;
}

/**
 * Reads the text frames of one feed: parses each, and answers what its tree changed against the previous
 * tree, or null for a frame that is no state tree. Runs in the feed's worker (feed.worker.ts).
 */
export function createFrameReader(): (text: string) => TreeChanges | null {
  const diff = createTreeDiffer();
  return (text) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return null;
    }
    return isStateTree(value) ? diff(value) : null;
  };
}
