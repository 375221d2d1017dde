import type { DeviceType } from '@vigil/contracts';
import type { Random } from '../random';
import { buildEthNodeModel } from './eth-node';
import { buildF500Model } from './f500';
import type { DeviceModel } from './group-kit';
import { buildWdc4Model } from './wdc4';

/** The sensor model for one device type. */
export function buildModel(deviceType: DeviceType, rng: Random): DeviceModel {
  switch (deviceType) {
    case 'F500':
      return buildF500Model(false, rng);
    case 'F500-UDF':
      return buildF500Model(true, rng);
    case '0300':
      return buildWdc4Model(rng);
    case '0005':
      return buildEthNodeModel(false, rng);
    case '0006':
      return buildEthNodeModel(true, rng);
  }
}
