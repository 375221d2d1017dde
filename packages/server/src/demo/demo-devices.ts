import type { DeviceType } from '@vigil/contracts';
import type { Database } from '../db/database';
import { startOwnership } from '../modules/devices/device-ownerships.repo';
import { insertDevice } from '../modules/devices/devices.repo';
import { HardwareService } from '../modules/hardware/hardware.service';

export type DemoDevice = {
  site: string;
  title: string;
  serialNumber: string;
  code: string;
  deviceType: DeviceType;
  udfId: string;
  ipAddress?: string;
};

/** One device of every type (the simulator drives these), and two spare units to add devices with. */
export const DEMO_DEVICES: DemoDevice[] = [
  {
    site: 'main',
    title: 'Leg 1 Hazard Monitor',
    serialNumber: 'F500-0001',
    code: 'demo-f500',
    deviceType: 'F500',
    udfId: 'F5000001',
    ipAddress: '10.0.0.21',
  },
  {
    site: 'main',
    title: 'Dryer UDF Panel',
    serialNumber: 'F5U-0001',
    code: 'demo-f5u',
    deviceType: 'F500-UDF',
    udfId: 'F5U00001',
    ipAddress: '10.0.0.22',
  },
  {
    site: 'river',
    title: 'Conveyor WDC4',
    serialNumber: 'WDC4-0001',
    code: 'demo-wdc4',
    deviceType: '0300',
    udfId: 'W0300001',
  },
  {
    site: 'harbor',
    title: 'Mill Node 1',
    serialNumber: 'ETH1-0001',
    code: 'demo-eth1',
    deviceType: '0005',
    udfId: 'E0005001',
  },
  {
    site: 'harbor',
    title: 'Mill Node 2',
    serialNumber: 'ETH2-0001',
    code: 'demo-eth2',
    deviceType: '0006',
    udfId: 'E0006001',
  },
];

/** Provisioned but unused: the demo's 'Add New Device' works with these. */
export const DEMO_SPARE_UNITS = [
  { serial_number: 'F500-0002', code: 'spare-f500', device_type: 'F500', udf_id: 'F5000002' },
  { serial_number: 'WDC4-0002', code: 'spare-wdc4', device_type: '0300', udf_id: 'W0300002' },
] as const;

/**
 * Provisions the demo hardware units and installs the demo devices at the demo sites, as installed at
 * `installedAt` (the start of the demo's history), each its site's client's since then; returns their ids by
 * udf_id.
 */
export async function seedDemoDevices(
  db: Database,
  sites: ReadonlyMap<string, { locationId: number; clientId: number }>,
  installedAt: Date,
): Promise<Map<string, number>> {
  const hardware = new HardwareService({ db });
  const deviceIds = new Map<string, number>();
  for (const demo of DEMO_DEVICES) {
    const site = sites.get(demo.site);
    if (site === undefined) {
      continue;
    }
    const unit = await hardware.provision({
      serial_number: demo.serialNumber,
      code: demo.code,
      device_type: demo.deviceType,
      udf_id: demo.udfId,
    });
    const device = await insertDevice(db, {
      locationId: site.locationId,
      dateCreated: installedAt,
      hardwareUnitId: unit.id,
      title: demo.title,
      serialNumber: unit.serialNumber,
      code: unit.code,
      deviceType: unit.deviceType,
      udfId: unit.udfId,
      ipAddress: demo.ipAddress ?? '',
    });
    await startOwnership(db, device.id, site.clientId, installedAt);
    deviceIds.set(demo.udfId, device.id);
  }
  for (const unit of DEMO_SPARE_UNITS) {
    await hardware.provision(unit);
  }
  return deviceIds;
}
