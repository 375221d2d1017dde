import type { DeviceProofTests, SiteProofTestReport, StateTree } from '@vigil/contracts';
import { getSiteAccess } from '../../access/access';
import { readsOwnedPeriodOnly } from '../../access/device-history';
import type { Database } from '../../db/database';
import type { DeviceRow } from '../../db/tables/devices.table';
import type { LocationRow } from '../../db/tables/sites.table';
import type { UserRow } from '../../db/tables/users.table';
import { notFound } from '../../errors';
import * as devicesRepo from '../devices/devices.repo';
import * as sensorSettingsRepo from '../sensor-settings/sensor-settings.repo';
import * as sitesRepo from '../sites/sites.repo';
import { deviceProofTests } from './proof-test-report';
import type { LastProofTest, LastTestResult } from './proof-tests.repo';
import * as proofTestsRepo from './proof-tests.repo';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = {
  proofTests: proofTestsRepo,
  devices: devicesRepo,
  sensorSettings: sensorSettingsRepo,
  sites: sitesRepo,
};
export type ProofTestRepositories = typeof REPOSITORIES;
export type ProofTestDeps = { db: Database; repos?: ProofTestRepositories; now?: () => Date };

/**
 * Proof-test coverage (docs/proof-tests.md): which alarm sensors of a device or a site were proven by a
 * successful maintenance test within the site's interval. Everyone who sees the site may read it.
 */
export class ProofTestService {
  private readonly now: () => Date;
  private readonly repos: ProofTestRepositories;

  constructor(private readonly deps: ProofTestDeps) {
    this.now = deps.now ?? (() => new Date());
    this.repos = deps.repos ?? REPOSITORIES;
  }

  /** GET devices/{id}/proof-tests/: the dashboard's due and overdue marks. */
  async forDevice(user: UserRow, deviceId: number): Promise<DeviceProofTests> {
    const device = await this.repos.devices.getDeviceById(this.deps.db, deviceId);
    if (device === undefined) {
      throw notFound();
    }
    await getSiteAccess(this.deps.db, user, device.locationId);
    const site = await this.site(device.locationId);
    const [report] = await this.coverage(user, site, [device]);
    if (report === undefined) {
      throw notFound();
    }
    return report;
  }

  /** GET locations/{id}/proof-tests/: the printable test report of a site, every device by title. */
  async forSite(user: UserRow, siteId: number): Promise<SiteProofTestReport> {
    await getSiteAccess(this.deps.db, user, siteId);
    const site = await this.site(siteId);
    const devices = await this.repos.devices.findDevicesByLocationIds(this.deps.db, [site.id]);
    const reports = await this.coverage(user, site, devices);
    const counts = { ok: 0, due: 0, overdue: 0, never: 0 };
    for (const report of reports) {
      for (const status of Object.keys(counts) as Array<keyof typeof counts>) {
        counts[status] += report.counts[status];
      }
    }
    return {
      site: { id: site.id, title: site.title, address: site.address, timezone: site.timezone },
      interval_days: site.proofTestIntervalDays,
      generated_at: this.now().getTime(),
      counts,
      devices: reports,
    };
  }

  private async site(siteId: number): Promise<LocationRow> {
    const site = await this.repos.sites.getLocationById(this.deps.db, siteId);
    if (site === undefined) {
      throw notFound();
    }
    return site;
  }

  private async coverage(
    user: UserRow,
    site: LocationRow,
    devices: readonly DeviceRow[],
  ): Promise<DeviceProofTests[]> {
    const ids = devices.map((device) => device.id);
    // A test made for an earlier owner of a device is not its current client's (device-history.ts).
    const ownedOnly = readsOwnedPeriodOnly(user);
    const [trees, lastTests, lastResults, customNames] = await Promise.all([
      this.repos.proofTests.findStoredTrees(this.deps.db, ids),
      this.repos.proofTests.findLastProofTests(this.deps.db, ids, ownedOnly),
      this.repos.proofTests.findLastTestResults(this.deps.db, ids, ownedOnly),
      this.repos.sensorSettings.findSensorNamesOfDevices(this.deps.db, ids),
    ]);
    const treeOf = new Map<number, StateTree>(trees.map((row) => [row.deviceId, row.tree]));
    const testsOf = bySensorOfDevice<LastProofTest>(lastTests);
    const resultsOf = bySensorOfDevice<LastTestResult>(lastResults);
    const now = this.now();
    return devices.map((device) =>
      deviceProofTests({
        device,
        tree: treeOf.get(device.id),
        lastTests: testsOf.get(device.id) ?? new Map(),
        lastResults: resultsOf.get(device.id) ?? new Map(),
        intervalDays: site.proofTestIntervalDays,
        now,
        nameOf: (named, sensorId, treeName) => customNames.get(`${named.id}:${sensorId}`) ?? treeName,
      }),
    );
  }
}

/** Rows of several devices as device id → full sensor id → row. */
function bySensorOfDevice<Row extends { deviceId: number; sensorId: string }>(
  rows: readonly Row[],
): Map<number, Map<string, Row>> {
  const found = new Map<number, Map<string, Row>>();
  for (const row of rows) {
    const ofDevice = found.get(row.deviceId) ?? new Map<string, Row>();
    ofDevice.set(row.sensorId, row);
    found.set(row.deviceId, ofDevice);
  }
  return found;
}
