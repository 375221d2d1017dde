import type { DeviceType } from '@vigil/contracts';
import { type DeviceIdentity, type DeviceOptions, SimulatedDevice } from './device';

/** A device `SIM00001` for tests; random scenarios off unless a chance is given. */
export function buildDevice(
  deviceType: DeviceType,
  seed = 7,
  scenarioChance = 0,
  options: Partial<DeviceOptions> = {},
): SimulatedDevice {
  const identity: DeviceIdentity = { serialNumber: 'SN1', code: '123456', deviceType, udfId: 'SIM00001' };
  return new SimulatedDevice(identity, { seed, rate: 1, scenarioChance, ...options });
}
