import { describe, expect, it } from 'vitest';
import { DEVICE_READ_MS, isDeviceReadDue, LIVE_DEVICE_READ_MS } from './device-reads';

const at = (seconds: number) => seconds * 1000;

describe('isDeviceReadDue', () => {
  it('reads an online device with a live feed only every few minutes', () => {
    const state = { isOnline: true, lastTreeAt: at(99), lastReadAt: at(0) };
    expect(isDeviceReadDue({ ...state, now: at(100) })).toBe(false);
    expect(isDeviceReadDue({ ...state, lastTreeAt: at(299), now: at(299) })).toBe(false);
    expect(isDeviceReadDue({ ...state, lastTreeAt: at(300), now: LIVE_DEVICE_READ_MS })).toBe(true);
  });

  it('reads an online device every 10 s once its feed has gone silent, so the offline text can appear', () => {
    const state = { isOnline: true, lastTreeAt: at(20), lastReadAt: at(15) };
    expect(isDeviceReadDue({ ...state, now: at(24) })).toBe(false);
    expect(isDeviceReadDue({ ...state, now: at(15) + DEVICE_READ_MS })).toBe(true);
  });

  it('reads a device shown offline every 10 s even while trees arrive, so the offline text can go', () => {
    const state = { isOnline: false, lastTreeAt: at(30), lastReadAt: at(21) };
    expect(isDeviceReadDue({ ...state, now: at(30) })).toBe(false);
    expect(isDeviceReadDue({ ...state, now: at(31) })).toBe(true);
  });

  it('reads every 10 s before the feed has brought a tree', () => {
    expect(isDeviceReadDue({ isOnline: true, lastTreeAt: null, lastReadAt: 0, now: at(9) })).toBe(false);
    expect(isDeviceReadDue({ isOnline: true, lastTreeAt: null, lastReadAt: 0, now: at(10) })).toBe(true);
  });
});
