import { z } from 'zod';

/** Device types with their display labels (A section 3). */
export const DEVICE_TYPES = ['F500', '0300', '0005', '0006', 'F500-UDF'] as const;
export const DeviceTypeSchema = z.enum(DEVICE_TYPES).describe('Device type');
export type DeviceType = z.infer<typeof DeviceTypeSchema>;

export const DEVICE_TYPE_LABELS: Record<DeviceType, string> = {
  F500: 'F500',
  '0300': 'WDC4',
  '0005': 'ETH-NODE-1',
  '0006': 'ETH-NODE-2',
  'F500-UDF': 'F500 UDF',
};
