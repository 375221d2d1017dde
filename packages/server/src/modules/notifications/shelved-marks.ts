import type { NotificationType } from '@vigil/contracts';
import type { Database } from '../../db/database';
import { isShelvedAt } from '../shelving/shelf-rules';
import { findShelvesAround } from '../shelving/shelving.repo';

/** The sensor's own alarm and warning edges: what a shelf keeps from alerting anyone. */
export const SHELVABLE_TYPES: ReadonlySet<NotificationType> = new Set([
  'alarm_on',
  'alarm_off',
  'warning_on',
  'warning_off',
]);

type Draft = {
  eventType: NotificationType;
  deviceId: number | null;
  sensorId: string | null;
  dateCreated: Date;
};

/**
 * Marks the drafts of a projector batch about a sensor that was shelved when they happened (issue 27,
 * docs/shelving.md): `isShelved`, stored with the row. Such a row is logged like any other, but the e-mail rules
 * and the escalation skip it and browsers raise no toast or sound for it.
 */
export async function markShelved<T extends Draft>(
  db: Database,
  drafts: T[],
): Promise<Array<T & { isShelved: boolean }>> {
  const candidates = drafts.filter(
    (draft) => draft.deviceId !== null && draft.sensorId !== null && SHELVABLE_TYPES.has(draft.eventType),
  );
  if (candidates.length === 0) {
    return drafts.map((draft) => ({ ...draft, isShelved: false }));
  }
  const times = candidates.map((draft) => draft.dateCreated.getTime());
  const shelves = await findShelvesAround(
    db,
    [...new Set(candidates.map((draft) => draft.deviceId as number))],
    { from: new Date(Math.min(...times)), to: new Date(Math.max(...times)) },
  );
  return drafts.map((draft) => ({
    ...draft,
    isShelved:
      shelves.length > 0 &&
      draft.deviceId !== null &&
      draft.sensorId !== null &&
      SHELVABLE_TYPES.has(draft.eventType) &&
      isShelvedAt(shelves, { deviceId: draft.deviceId, sensorId: draft.sensorId, at: draft.dateCreated }),
  }));
}
