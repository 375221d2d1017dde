/**
 * Before and after of a `change-recorded` event name only what changed (docs/audit.md): the fields of `after`
 * whose values differ from `before`, with both values; undefined when nothing changed (then nothing is recorded).
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | undefined {
  const fields = Object.keys(after).filter(
    (field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]),
  );
  if (fields.length === 0) {
    return undefined;
  }
  return {
    before: Object.fromEntries(fields.map((field) => [field, before[field] ?? null])),
    after: Object.fromEntries(fields.map((field) => [field, after[field]])),
  };
}
