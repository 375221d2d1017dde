import { describe, expect, it } from 'vitest';
import type { Sensor } from './realtime';
import {
  displayGroupName,
  displaySensor,
  networkNumberOf,
  type SensorDisplaySettings,
} from './sensor-display';

const sensor = (overrides: Partial<Sensor> = {}): Sensor => ({
  Id: 1,
  Name: 'NTC 1',
  Type: 'NUMERIC',
  Value: 20,
  Status: 'OK',
  Alarm: false,
  Meta: { Units: '°C', NumDecimalPoints: 1 },
  ...overrides,
});

const settings = (overrides: Partial<SensorDisplaySettings> = {}): SensorDisplaySettings => ({
  device_type: '0005',
  degrees: null,
  networks: {},
  names: {},
  types: {},
  images: {},
  ...overrides,
});

describe('displaySensor', () => {
  it('shows the sensor as the device reports it when nothing is set', () => {
    expect(displaySensor('D.ntc.1', sensor())).toEqual({
      name: 'NTC 1',
      label: 'NTC 1',
      value: 20,
      unit: '°C',
      type: 'NUMERIC',
      imageType: null,
      imageUrl: null,
    });
    expect(displaySensor('D.ntc.1', sensor(), settings())).toMatchObject({ value: 20, unit: '°C' });
  });

  it('uses the custom name and the chosen image of that sensor only', () => {
    const set = settings({
      names: { 'D.ntc.1': 'Head bearing' },
      images: { 'D.ntc.1': { image_type: 'pulley', url: '/static/sensor-images/pulley.svg' } },
    });
    expect(displaySensor('D.ntc.1', sensor(), set)).toMatchObject({
      name: 'Head bearing',
      label: 'NTC 1',
      imageType: 'pulley',
      imageUrl: '/static/sensor-images/pulley.svg',
    });
    expect(displaySensor('D.ntc.2', sensor(), set)).toMatchObject({ name: 'NTC 1', imageType: null });
  });

  it('NUMERIC with a type set: value × k + c in the set unit, rounded to the sensor decimals', () => {
    const set = settings({ types: { 'D.a.1': { type: 'NUMERIC', unit_id: 5, unit: 'mA', k: 0.1, c: 4 } } });
    expect(displaySensor('D.a.1', sensor({ Value: 123 }), set)).toMatchObject({
      value: 16.3,
      unit: 'mA',
      type: 'NUMERIC',
    });
    expect(displaySensor('D.a.1', sensor({ Value: null }), set)).toMatchObject({ value: null, unit: 'mA' });
    const noUnit = settings({
      types: { 'D.a.1': { type: 'NUMERIC', unit_id: null, unit: null, k: 2, c: 0 } },
    });
    expect(displaySensor('D.a.1', sensor({ Value: 3 }), noUnit)).toMatchObject({ value: 6, unit: '°C' });
  });

  it('BOOL with a type set: 1 or 0 and no unit, whatever the reading', () => {
    const set = settings({ types: { 'D.d.1': { type: 'BOOL', unit_id: null, unit: null, k: 1, c: 0 } } });
    expect(displaySensor('D.d.1', sensor({ Value: 7 }), set)).toMatchObject({
      value: 1,
      unit: null,
      type: 'BOOL',
    });
    expect(displaySensor('D.d.1', sensor({ Value: 0 }), set)).toMatchObject({ value: 0 });
    expect(displaySensor('D.d.1', sensor({ Value: true, Type: 'BOOL' }), set)).toMatchObject({ value: 1 });
    expect(displaySensor('D.d.1', sensor({ Value: null }), set)).toMatchObject({ value: null });
  });

  it('converts temperatures to the chosen degrees (F500-UDF) and leaves other units alone', () => {
    const celsius = settings({ device_type: 'F500-UDF', degrees: 'C' });
    expect(displaySensor('D.n.1', sensor({ Value: 212, Meta: { Units: '°F' } }), celsius)).toMatchObject({
      value: 100,
      unit: '°C',
    });
    expect(displaySensor('D.n.1', sensor({ Value: 20, Meta: { Units: '°C' } }), celsius)).toMatchObject({
      value: 20,
    });
    expect(displaySensor('D.n.3', sensor({ Value: 300, Meta: { Units: 'PPM' } }), celsius)).toMatchObject({
      value: 300,
      unit: 'PPM',
    });
    const fahrenheit = settings({ device_type: 'F500-UDF', degrees: 'F' });
    expect(
      displaySensor('D.n.1', sensor({ Value: 37.5, Meta: { Units: '°C', NumDecimalPoints: 1 } }), fahrenheit),
    ).toMatchObject({ value: 99.5, unit: '°F' });
  });

  it('leaves ENUM and unscaled values untouched (no rounding of what the device sent)', () => {
    const state = sensor({ Type: 'ENUM', Value: 3, Meta: { State: 'Running' } });
    expect(displaySensor('D.s.1', state, settings())).toMatchObject({ value: 3, unit: null, type: 'ENUM' });
    expect(displaySensor('D.s.2', sensor({ Value: 1.23456 }), settings())).toMatchObject({ value: 1.23456 });
  });
});

describe('network groups', () => {
  it('finds the F500-UDF network number from the group Id or Name', () => {
    expect(networkNumberOf({ Id: 'net2', Name: 'Anything' })).toBe('2');
    expect(networkNumberOf({ Id: 7, Name: 'Network 4' })).toBe('4');
    expect(networkNumberOf({ Id: 'net9', Name: 'Network 9' })).toBeNull();
    expect(networkNumberOf({ Id: 'n01', Name: 'Network 1 Node 1' })).toBeNull();
  });

  it('names a top-level network group by its custom name; nested groups keep theirs', () => {
    const set = settings({ device_type: 'F500-UDF', networks: { 1: 'North line' } });
    expect(displayGroupName({ Id: 'net1', Name: 'Network 1' }, true, set)).toBe('North line');
    expect(displayGroupName({ Id: 'net2', Name: 'Network 2' }, true, set)).toBe('Network 2');
    expect(displayGroupName({ Id: 'net1', Name: 'Network 1' }, false, set)).toBe('Network 1');
    expect(displayGroupName({ Id: 'net1', Name: 'Network 1' }, true, null)).toBe('Network 1');
  });
});
