import { queryOptions } from '@tanstack/react-query';
import {
  type Shelf,
  ShelfSchema,
  type ShelveBody,
  type ShelvedSensors,
  ShelvedSensorsSchema,
} from '@vigil/contracts';
import { api } from './client';

/** Query keys of a site's shelved sensors (issue 27, docs/shelving.md). */
export const shelvingKeys = {
  site: (siteId: number) => ['shelved-sensors', siteId] as const,
};

export function shelvedSensorsQuery(siteId: number) {
  return queryOptions({
    queryKey: shelvingKeys.site(siteId),
    queryFn: ({ signal }) => getShelvedSensors(siteId, signal),
    // A shelf ends on its own at its time: read again now and then while a page shows them.
    refetchInterval: 30_000,
  });
}

/** GET locations/{id}/shelved-sensors/: every reader of the site. */
export function getShelvedSensors(siteId: number, signal?: AbortSignal): Promise<ShelvedSensors> {
  return api.get(`locations/${siteId}/shelved-sensors/`, { parse: ShelvedSensorsSchema.parse, signal });
}

/** POST locations/{id}/shelved-sensors/: the site's editors. */
export function shelveSensor(siteId: number, body: ShelveBody): Promise<Shelf> {
  return api.post(`locations/${siteId}/shelved-sensors/`, { body, parse: ShelfSchema.parse });
}

/** POST locations/{id}/shelved-sensors/{shelfId}/unshelve/: the site's editors. */
export function unshelveSensor(siteId: number, shelfId: number): Promise<Shelf> {
  return api.post(`locations/${siteId}/shelved-sensors/${shelfId}/unshelve/`, { parse: ShelfSchema.parse });
}
