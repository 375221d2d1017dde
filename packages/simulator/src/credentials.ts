import { DEVICE_TYPES, type DeviceType, parseWireDeviceType } from '@vigil/contracts';
import type { DeviceIdentity } from './device';
import { Random } from './random';

/** Header of the server's `hardware import` CSV. */
export const CREDENTIALS_HEADER = 'serial_number,code,device_type,udf_id';

/** Parses `serial_number,code,device_type,udf_id` rows; the header line is optional. Throws on a bad row. */
export function parseCredentialsCsv(text: string): DeviceIdentity[] {
  const identities: DeviceIdentity[] = [];
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  lines.forEach((line, index) => {
    if (line === '' || line.startsWith('#') || line.toLowerCase() === CREDENTIALS_HEADER) {
      return;
    }
    const [serialNumber, code, type, udfId] = line
      .split(',')
      .map((cell) => cell.trim().replace(/^"|"$/g, ''));
    const deviceType = parseWireDeviceType(type ?? '');
    if (!serialNumber || !code || !udfId || !deviceType) {
      throw new Error(`credentials line ${index + 1}: expected ${CREDENTIALS_HEADER}, got '${line}'`);
    }
    identities.push({ serialNumber, code, deviceType, udfId });
  });
  return identities;
}

export function formatCredentialsLine(identity: DeviceIdentity): string {
  return [identity.serialNumber, identity.code, identity.deviceType, identity.udfId].join(',');
}

/** N units SIM00001…, device types taken round-robin, codes derived from the seed. */
export function generateIdentities(
  count: number,
  types: readonly DeviceType[] = DEVICE_TYPES,
  seed = 1,
): DeviceIdentity[] {
  const rng = new Random(seed).fork('credentials');
  return Array.from({ length: count }, (_, index) => {
    const number = String(index + 1).padStart(5, '0');
    const deviceType = types[index % types.length] ?? 'F500';
    return {
      serialNumber: `SIMSN${number}`,
      code: String(rng.int(100_000, 999_999)),
      deviceType,
      udfId: `SIM${number}`,
    };
  });
}
