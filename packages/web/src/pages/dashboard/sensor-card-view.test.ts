import type { Sensor, SensorDisplaySettings } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { cardViewOf } from './sensor-card-view';

const reading: Sensor = {
  Id: 1,
  Name: 'NTC 1',
  Type: 'NUMERIC',
  Value: 40,
  Status: 'WARNING',
  Alarm: false,
  Meta: { Units: '°C', NumDecimalPoints: 1 },
};

const settings: SensorDisplaySettings = {
  device_type: '0005',
  degrees: null,
  networks: {},
  names: { 'E1.ntc.1': 'Boot bearing' },
  types: { 'E1.ntc.1': { type: 'NUMERIC', unit_id: 1, unit: 'PSI', k: 2, c: 1 } },
  images: {},
};

describe('cardViewOf', () => {
  it('shows the reading as the device reports it without settings', () => {
    expect(cardViewOf('E1.ntc.1', reading, null)).toEqual({
      value: '40.0',
      unit: '°C',
      state: 'WARNING',
      tone: 'warning',
      isNumeric: true,
      badge: '°C',
    });
  });
  it('applies the sensor type of the settings: value × k + c in its unit', () => {
    const view = cardViewOf('E1.ntc.1', reading, settings);
    expect(view.value).toBe('81.0');
    expect(view.unit).toBe('PSI');
  });
  it('shows a contact by its state text, with the I/O badge', () => {
    const contact: Sensor = {
      ...reading,
      Type: 'BOOL',
      Value: 0,
      Status: 'OK',
      Meta: { State: 'Contact Sensor Closed / ON' },
    };
    expect(cardViewOf('E1.digital.1', contact, null)).toMatchObject({
      value: 'Contact Sensor Closed / ON',
      tone: 'ok',
      isNumeric: false,
      badge: 'I/O',
    });
  });
});

describe('cardViewOf while the device is offline', () => {
  it('keeps the last value but claims no status: greyed, and never OK', () => {
    const ok: Sensor = { ...reading, Status: 'OK' };
    const view = cardViewOf('E1.ntc.1', ok, null, true);
    expect(view).toMatchObject({ value: '40.0', unit: '°C', tone: 'stale', state: 'Offline' });
    expect(view.state).not.toBe('OK');
  });
  it('does not keep an alarm colour either', () => {
    const alarmed: Sensor = { ...reading, Status: 'Alarm', Alarm: true };
    expect(cardViewOf('E1.ntc.1', alarmed, null, true).tone).toBe('stale');
  });
});
