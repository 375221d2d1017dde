/**
 * True when an UPDATE would set at least one column. Drizzle leaves out undefined values and throws
 * 'No values to set' on an empty SET, so every update function skips the query when this is false.
 */
export function hasValuesToSet(values: object): boolean {
  return Object.values(values).some((value) => value !== undefined);
}
