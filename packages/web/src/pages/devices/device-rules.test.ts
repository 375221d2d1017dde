import type { Device } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import {
  canAddDevice,
  canOpenDevice,
  cardUdfId,
  deviceState,
  showsIpAddress,
  showsUdfId,
} from './device-rules';

const nobody = { is_superuser: false, is_oem: false, is_accounts_management: false, locations_roles: {} };
const device = (state: Partial<Device>) => ({ is_online: false, is_suspended: false, ...state }) as Device;

describe('device rules', () => {
  it('lets staff, accounts management and a Manager of the site add devices', () => {
    expect(canAddDevice({ ...nobody, is_oem: true }, 1)).toBe(true);
    expect(canAddDevice({ ...nobody, is_accounts_management: true }, 1)).toBe(true);
    expect(canAddDevice({ ...nobody, locations_roles: { '1': 'Manager' } }, 1)).toBe(true);
    expect(canAddDevice({ ...nobody, locations_roles: { '1': 'Engineer' } }, 1)).toBe(false);
    expect(canAddDevice({ ...nobody, locations_roles: { '2': 'Manager' } }, 1)).toBe(false);
  });

  it('offers Add New Device to nobody while no site is chosen', () => {
    expect(canAddDevice({ ...nobody, is_superuser: true }, undefined)).toBe(false);
    expect(canAddDevice({ ...nobody, is_accounts_management: true }, undefined)).toBe(false);
  });

  it('names the card state: Suspended before Active, else Offline', () => {
    expect(deviceState(device({ is_online: true }))).toBe('Active');
    expect(deviceState(device({ is_online: true, is_suspended: true }))).toBe('Suspended');
    expect(deviceState(device({}))).toBe('Offline');
  });

  it('opens offline or suspended devices only for OEM and super user', () => {
    expect(canOpenDevice(nobody, device({ is_online: true }))).toBe(true);
    expect(canOpenDevice(nobody, device({}))).toBe(false);
    expect(canOpenDevice(nobody, device({ is_online: true, is_suspended: true }))).toBe(false);
    expect(canOpenDevice({ ...nobody, is_superuser: true }, device({}))).toBe(true);
    expect(canOpenDevice({ ...nobody, is_oem: true }, device({ is_suspended: true }))).toBe(true);
  });

  it('shows udf_id and ip_address for the types A section 5 names', () => {
    expect(
      ['F500', '0300', '0005', '0006', 'F500-UDF'].map((t) => showsUdfId(t as Device['device_type'])),
    ).toEqual([false, true, true, true, true]);
    expect(['F500', '0300', 'F500-UDF'].map((t) => showsIpAddress(t as Device['device_type']))).toEqual([
      true,
      false,
      true,
    ]);
    expect(showsUdfId(undefined)).toBe(false);
  });

  it('shows the UDF id on a card only for WDC4, ETH-NODE-1/2 and F500 UDF, never for F500', () => {
    const card = (device_type: Device['device_type'], udf_id = 'U1234') => cardUdfId({ device_type, udf_id });
    expect(card('F500')).toBeNull();
    expect(['0300', '0005', '0006', 'F500-UDF'].map((t) => card(t as Device['device_type']))).toEqual([
      'U1234',
      'U1234',
      'U1234',
      'U1234',
    ]);
    expect(card('0300', '')).toBeNull();
  });
});
