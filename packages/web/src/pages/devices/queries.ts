/** Keys of the devices domain's queries; invalidating DEVICES_QUERY_KEY refreshes every device view. */
export const DEVICES_QUERY_KEY = ['devices'] as const;

export function deviceQueryKey(id: number) {
  return [...DEVICES_QUERY_KEY, 'one', id] as const;
}

export function deviceListQueryKey(siteId: number | undefined) {
  return [...DEVICES_QUERY_KEY, 'list', siteId ?? 'current'] as const;
}
