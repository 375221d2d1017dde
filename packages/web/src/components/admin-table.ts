import type { Breakpoint } from 'antd';

/**
 * Column traits shared by the admin tables, so they stay usable at tablet width (below 1000 px the
 * sidebar collapses, A section 2): secondary columns appear from antd's 'lg' (992 px) up, and the action
 * column is pinned to the right edge so it stays in view should a table still scroll.
 */
export const SECONDARY_COLUMN: { responsive: Breakpoint[] } = { responsive: ['lg'] };
export const ACTION_COLUMN = { fixed: 'right' } as const;
/** Every admin table scrolls inside itself only when even its key columns do not fit. */
export const ADMIN_TABLE_SCROLL = { x: 'max-content' } as const;

/** Keys of the columns shown below 'lg': everything not marked secondary. */
export function tabletColumnKeys(columns: ReadonlyArray<{ key?: unknown; responsive?: Breakpoint[] }>) {
  return columns.filter((column) => column.responsive === undefined).map((column) => column.key);
}
