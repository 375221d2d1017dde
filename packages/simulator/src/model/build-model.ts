import type { DeviceType } from '@vigil/contracts';
import type { Random } from '../random';
import { buildEthNodeModel } from './eth-node';
import { buildF500Model } from './f500';
import type { DeviceModel } from './group-kit';
import { buildWdc4Model } from './wdc4';

/** The sensor model for one device type; `sensorCount` (F500 types only) sizes the tree. */
export function buildModel(deviceType: DeviceType, rng: Random, sensorCount?: number): DeviceModel {
  if (sensorCount !== undefined && deviceType !== 'F500' && deviceType !== 'F500-UDF') {
    throw new RangeError(`the sensor count can be set for F500 and F500-UDF only, not ${deviceType}`);
  }
  switch (deviceType) {
    case 'F500':
      return buildF500Model(false, rng, sensorCount);
    case 'F500-UDF':
      return buildF500Model(true, rng, sensorCount);
    case '0300':
      return buildWdc4Model(rng);
    case '0005':
      return buildEthNodeModel(false, rng);
    case '0006':
      return buildEthNodeModel(true, rng);
  }
}
