import type { SensorDisplaySettings } from '@vigil/contracts';
import type { Database } from '../../db/database';
import type { DeviceRow } from '../../db/tables/devices.table';
import type { UserRow } from '../../db/tables/users.table';
import { loadDisplaySettings, type SensorSettingsDeps } from './device-settings';

export type SettingsAuditKind = 'sensor-name.changed' | 'sensor-type.changed' | 'sensor-image.changed';

/** A sensor's setting before a save, as the audit trail shows it (null: none set). */
const BEFORE: Record<SettingsAuditKind, (settings: SensorDisplaySettings, sensorId: string) => unknown> = {
  'sensor-name.changed': (settings, id) => settings.names[id] ?? null,
  'sensor-type.changed': (settings, id) => {
    const set = settings.types[id];
    return set === undefined ? null : { type: set.type, unit_id: set.unit_id, k: set.k, c: set.c };
  },
  'sensor-image.changed': (settings, id) => settings.images[id]?.image_type ?? null,
};

/**
 * Applies a save of sensor settings in one transaction with its audit record (docs/audit.md): the settings are
 * read in that transaction before `apply`, and the record holds, per full sensor id, only the values that changed.
 * A save that changes nothing records nothing.
 */
export async function applyWithAudit(
  deps: SensorSettingsDeps,
  user: UserRow,
  device: DeviceRow,
  kind: SettingsAuditKind,
  changes: ReadonlyArray<{ sensorId: string; value: unknown }>,
  apply: (tx: Database) => Promise<void>,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const settings = await loadDisplaySettings(tx, device);
    await apply(tx);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const change of changes) {
      const was = BEFORE[kind](settings, change.sensorId);
      const is = change.value ?? null;
      if (JSON.stringify(was) !== JSON.stringify(is)) {
        before[change.sensorId] = was;
        after[change.sensorId] = is;
      }
    }
    if (Object.keys(after).length === 0) {
      return;
    }
    await deps.events.publish(tx, 'change-recorded', {
      kind,
      by: user,
      subject: { type: 'device', id: device.id, label: device.title },
      siteId: device.locationId,
      clientId: null,
      before,
      after,
    });
  });
}
