/** The strip's tabs after dragging `movedId` onto `targetId` (it takes the target's place), as update-tabs-order/ wants. */
export function reorderTabs(
  ids: readonly number[],
  movedId: number,
  targetId: number,
): Array<{ id: number; order: number }> {
  const from = ids.indexOf(movedId);
  const to = ids.indexOf(targetId);
  const next = [...ids];
  if (from !== -1 && to !== -1 && from !== to) {
    next.splice(from, 1);
    next.splice(to, 0, movedId);
  }
  return next.map((id, order) => ({ id, order }));
}
