import {
  SENSOR_SETTINGS_MESSAGES as MESSAGES,
  SENSOR_NAMES_CSV_COLUMNS,
  type SensorNames,
  sensorNamesCsvFileName,
} from '@vigil/contracts';
import type { UserRow } from '../../db/tables/users.table';
import { AppError } from '../../errors';
import { assertStorableUpload } from '../../http/input-guards';
import {
  editableDevice,
  loadDisplaySettings,
  readableDevice,
  requireTree,
  type SensorSettingsDeps,
} from './device-settings';
import type { SensorNamesService } from './sensor-names.service';
import { decodeCsv, readSensorNameRows, toCsv } from './sensor-names-csv';
import { nameChangesOf } from './sensor-names-rules';
import * as sensorSettingsRepo from './sensor-settings.repo';
import { settingsGroupsOf } from './sensor-tree';
import { applyWithAudit } from './settings-audit';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { sensorSettings: sensorSettingsRepo };
export type SensorNamesTransferRepositories = typeof REPOSITORIES;
export type SensorNamesTransferDeps = SensorSettingsDeps & {
  repos?: SensorNamesTransferRepositories;
  /** Answers the GET shape after an import. */
  names: SensorNamesService;
};

/** At most this many problems are listed for one file (the first is what clients show). */
const MAX_LISTED_ERRORS = 20;

export type CsvFile = { fileName: string; text: string };

/** CSV export and import of sensor names (M section 7; docs/sensor-settings.md 'CSV'). */
export class SensorNamesTransferService {
  private readonly repos: SensorNamesTransferRepositories;

  constructor(private readonly deps: SensorNamesTransferDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
  }

  /** GET settings/export/sensor-names/: one row per sensor of the latest tree (header only without one). */
  async exportNames(user: UserRow, deviceId: number): Promise<CsvFile> {
    const device = await readableDevice(this.deps.db, user, deviceId);
    const [tree, settings] = await Promise.all([
      this.deps.latestTree(device),
      loadDisplaySettings(this.deps.db, device),
    ]);
    const rows: string[][] = [[...SENSOR_NAMES_CSV_COLUMNS]];
    for (const group of tree === undefined ? [] : settingsGroupsOf(tree, settings)) {
      for (const { fullId, sensor } of group.sensors) {
        rows.push([fullId, group.name, sensor.Name, settings.names[fullId] ?? sensor.Name]);
      }
    }
    return { fileName: sensorNamesCsvFileName(device.deviceType, device.id), text: toCsv(rows) };
  }

  /**
   * POST settings/import/sensor-names/: every row is checked first; one bad row refuses the whole file (400
   * naming the rows) and nothing is applied; otherwise all rows in one transaction. Answers the GET shape.
   * The file is read only once the user may edit the device.
   */
  async importNames(
    user: UserRow,
    deviceId: number,
    readFile: () => Promise<Uint8Array>,
  ): Promise<SensorNames> {
    const device = await editableDevice(this.deps.db, user, deviceId);
    const bytes = await readFile();
    const refuse = (errors: string[]) => AppError.validation({ file: errors.slice(0, MAX_LISTED_ERRORS) });
    const text = decodeCsv(bytes);
    if (text === undefined) {
      throw refuse([MESSAGES.fileEncoding]);
    }
    assertStorableUpload(text, 'file');
    const read = readSensorNameRows(text);
    if (!read.ok) {
      throw refuse(read.errors);
    }
    const tree = await requireTree(this.deps, device, 'file');
    const { changes, errors } = nameChangesOf(tree, read.rows);
    if (errors.length > 0) {
      throw refuse(errors);
    }
    await applyWithAudit(this.deps, user, device, 'sensor-name.changed', changes, (tx) =>
      this.repos.sensorSettings.applySensorNames(tx, device.id, changes),
    );
    return this.deps.names.namesOf(device);
  }
}
