import { describe, expect, it } from 'vitest';
import {
  displayValueOf,
  formatMinutes,
  hideReasonOf,
  isF500Family,
  isSensorHidden,
  stateTextOf,
  statusToneOf,
  versionEntriesOf,
} from './dashboard-rules';

describe('hiding sensors (M section 2)', () => {
  it('always hides System Selected Profile 0', () => {
    for (const filter of ['active', 'alarmed', 'all'] as const) {
      expect(isSensorHidden(hideReasonOf('System Selected Profile 0'), filter)).toBe(true);
    }
  });

  it('hides Disabled and Off sensors only while the filter hides disabled sensors', () => {
    expect(isSensorHidden(hideReasonOf('Disabled'), 'active')).toBe(true);
    expect(isSensorHidden(hideReasonOf('Off'), 'active')).toBe(true);
    expect(isSensorHidden(hideReasonOf('Off'), 'alarmed')).toBe(true);
    expect(isSensorHidden(hideReasonOf('Disabled'), 'all')).toBe(false);
    expect(isSensorHidden(hideReasonOf('Off'), 'all')).toBe(false);
  });

  it('never hides a sensor with another state text', () => {
    expect(isSensorHidden(hideReasonOf('Contact Sensor Open / OFF'), 'active')).toBe(false);
    expect(isSensorHidden(hideReasonOf(null), 'active')).toBe(false);
  });
});

describe('formatMinutes', () => {
  it('shows minutes as h:m', () => {
    expect(formatMinutes(0)).toBe('0:00');
    expect(formatMinutes(5)).toBe('0:05');
    expect(formatMinutes(125)).toBe('2:05');
    expect(formatMinutes(1440)).toBe('24:00');
    expect(formatMinutes(-61)).toBe('-1:01');
  });
});

describe('displayValueOf', () => {
  const meta = (Units: string | null, NumDecimalPoints?: number) => ({ Units, NumDecimalPoints });
  it('shows a Minutes reading as h:m', () => {
    expect(displayValueOf({ Type: 'NUMERIC', Value: 90, Meta: meta('Minutes') })).toEqual({
      value: '1:30',
      unit: 'h:m',
    });
  });
  it('keeps the unit and the decimals of a numeric reading', () => {
    expect(displayValueOf({ Type: 'NUMERIC', Value: 77.94, Meta: meta('°F', 1) })).toEqual({
      value: '77.9',
      unit: '°F',
    });
    expect(displayValueOf({ Type: 'NUMERIC', Value: 308, Meta: meta('PPM') })).toEqual({
      value: '308',
      unit: 'PPM',
    });
  });
  it('shows a contact by its state text', () => {
    expect(displayValueOf({ Type: 'BOOL', Value: 0, Meta: { State: 'Contact Sensor Closed / ON' } })).toEqual(
      { value: 'Contact Sensor Closed / ON', unit: '' },
    );
    expect(displayValueOf({ Type: 'BOOL', Value: true, Meta: {} })).toEqual({ value: 'On', unit: '' });
  });
});

describe('status and state', () => {
  it('colours OK green, WARNING amber, Alarm red and the rest grey', () => {
    expect(statusToneOf({ Status: 'OK', Alarm: false })).toBe('ok');
    expect(statusToneOf({ Status: 'WARNING', Alarm: false })).toBe('warning');
    expect(statusToneOf({ Status: 'Alarm', Alarm: true })).toBe('alarm');
    expect(statusToneOf({ Status: 'OK', Alarm: true })).toBe('alarm');
    expect(statusToneOf({ Status: 'N/A', Alarm: false })).toBe('muted');
    expect(statusToneOf({ Status: 'Not Scanned', Alarm: false })).toBe('muted');
  });
  it('shows the state text of a numeric sensor, else its status', () => {
    expect(
      stateTextOf({
        Type: 'NUMERIC',
        Status: 'N/A',
        Meta: { State: 'Lost Communication Between T500 and node' },
      }),
    ).toBe('Lost Communication Between T500 and node');
    expect(stateTextOf({ Type: 'BOOL', Status: 'OK', Meta: { State: 'Contact Sensor Closed / ON' } })).toBe(
      'OK',
    );
  });
  it('treats F500 and F500-UDF, in any case, as the F500 family', () => {
    expect(isF500Family('f500')).toBe(true);
    expect(isF500Family('F500-UDF')).toBe(true);
    expect(isF500Family('0300')).toBe(false);
  });
});

describe('versionEntriesOf', () => {
  it('lists the firmware versions of an object', () => {
    expect(versionEntriesOf({ Main: '2.8.0', Btm: '1.0.6', Gfx: '2.2.0', CDEP: '1.3' })).toEqual([
      ['Main', '2.8.0'],
      ['Btm', '1.0.6'],
      ['Gfx', '2.2.0'],
      ['CDEP', '1.3'],
    ]);
  });
  it('shows a plain string as it is', () => {
    expect(versionEntriesOf('ETH-NODE-1 v1.7.0')).toEqual([['Version', 'ETH-NODE-1 v1.7.0']]);
  });
  it('answers null (the not-available text) when there is nothing', () => {
    expect(versionEntriesOf(null)).toBeNull();
    expect(versionEntriesOf('')).toBeNull();
    expect(versionEntriesOf({ Main: null })).toBeNull();
  });
});
