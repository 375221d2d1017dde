import type { Sensor, StateTree, WarningSign } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import {
  conditionHolds,
  nextWarningStep,
  readingOf,
  reportsNaWhenClear,
  stateAfter,
  type WarningRule,
  type WarningState,
  type WarningStep,
} from './warning-evaluation';

const IDLE: WarningState = { active: false, pendingSince: null };
const T0 = new Date('2026-11-23T10:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

function sensor(overrides: Partial<Sensor> = {}, meta: Partial<Sensor['Meta']> = {}): Sensor {
  return {
    Id: 101,
    Name: 'Head pulley',
    Type: 'NUMERIC',
    Value: 50,
    Status: 'OK',
    Alarm: false,
    Meta: { Units: '°F', State: null, ...meta },
    ...overrides,
  };
}

/**
 * Feeds readings through the rule, written 'seconds:reading' after T0 ('4:-' reads nothing); answers the steps
 * that did something.
 */
function run(rule: WarningRule, readings: string): WarningStep['kind'][] {
  let state = IDLE;
  const steps: WarningStep['kind'][] = [];
  for (const pair of readings.split(' ')) {
    const [seconds, text] = pair.split(':');
    const reading = text === '-' ? null : Number(text);
    const step = nextWarningStep(rule, state, reading, at(Number(seconds)));
    state = stateAfter(state, step);
    if (step.kind !== 'none') {
      steps.push(step.kind);
    }
  }
  return steps;
}

describe('conditionHolds', () => {
  const cases: Array<[WarningSign, number, number, boolean]> = [
    ['>', 100, 100.5, true],
    ['>', 100, 100, false],
    ['>', 100, 99, false],
    ['<', 10, 9.9, true],
    ['<', 10, 10, false],
    ['<', 10, 11, false],
    ['=', 1, 1, true],
    ['=', 0.3, 0.1 + 0.2, true],
    ['=', 72.4, 72.4000000001, true],
    ['=', 72.4, 72.5, false],
    ['=', 0, 0.01, false],
  ];
  it.each(cases)('%s %d with reading %d is %s', (sign, threshold, reading, expected) => {
    expect(conditionHolds(sign, threshold, reading)).toBe(expected);
  });
});

describe('readingOf', () => {
  it('reads numbers, and BOOL values as 1 and 0', () => {
    expect(readingOf(sensor({ Value: 72.5 }), false)).toBe(72.5);
    expect(readingOf(sensor({ Type: 'BOOL', Value: true }), false)).toBe(1);
    expect(readingOf(sensor({ Type: 'BOOL', Value: false }), false)).toBe(0);
    expect(readingOf(sensor({ Type: 'BOOL', Value: 1 }), false)).toBe(1);
  });

  it('reads nothing from a missing, N/A, not scanned, lost, disabled or valueless sensor', () => {
    expect(readingOf(undefined, false)).toBeNull();
    expect(readingOf(sensor({ Status: 'N/A' }), false)).toBeNull();
    expect(readingOf(sensor({ Status: 'Not Scanned', Value: 0 }), false)).toBeNull();
    expect(
      readingOf(sensor({ Value: null }, { State: 'Lost Communication Between T500 and node' }), true),
    ).toBeNull();
    expect(readingOf(sensor({ Status: 'N/A', Value: 0 }, { State: 'Disabled' }), true)).toBeNull();
    expect(readingOf(sensor({ Value: null }), false)).toBeNull();
  });

  it('reads an N/A sensor of an ETH-NODE unit, whose clear status is N/A', () => {
    expect(readingOf(sensor({ Status: 'N/A', Value: 12 }), true)).toBe(12);
    const tree = (deviceType: string) => ({ device: { deviceId: 'x', deviceType } }) as StateTree;
    expect(reportsNaWhenClear(tree('0005'))).toBe(true);
    expect(reportsNaWhenClear(tree('0006'))).toBe(true);
    expect(reportsNaWhenClear(tree('f500'))).toBe(false);
  });
});

describe('nextWarningStep', () => {
  const above = (delaySeconds: number): WarningRule => ({ sign: '>', value: 100, delaySeconds });

  it('with delay 0 raises on the first reading that holds, and clears on the first that does not', () => {
    expect(run(above(0), '0:90 1:101 2:105 3:99 4:98')).toEqual(['raise', 'clear']);
  });

  it('raises nothing for an excursion shorter than the delay', () => {
    expect(run(above(10), '0:90 1:101 5:120 9:99 12:98')).toEqual(['pend', 'unpend']);
  });

  it('raises once when the condition has held past the delay, and clears at once', () => {
    const steps = run(above(10), '0:101 5:102 10:103 11:104 20:105 21:99');
    expect(steps).toEqual(['pend', 'raise', 'clear']);
  });

  it('measures the delay from the first reading that held again after an excursion ended', () => {
    expect(run(above(10), '0:101 8:99 9:101 15:101 19:101')).toEqual(['pend', 'unpend', 'pend', 'raise']);
  });

  it('keeps the state while the sensor reads nothing (N/A, not scanned, missing)', () => {
    // Active: an unreadable sensor does not clear it.
    expect(run(above(0), '0:101 1:- 2:- 3:101')).toEqual(['raise']);
    // Pending: the wait goes on through unreadable trees.
    expect(run(above(10), '0:101 4:- 10:101')).toEqual(['pend', 'raise']);
    // Idle: nothing starts.
    expect(nextWarningStep(above(0), IDLE, null, at(0))).toEqual({ kind: 'none' });
  });

  it('carries the deciding reading on raise and clear', () => {
    expect(nextWarningStep(above(0), IDLE, 150, at(0))).toEqual({ kind: 'raise', reading: 150 });
    expect(nextWarningStep(above(0), { active: true, pendingSince: null }, 80, at(1))).toEqual({
      kind: 'clear',
      reading: 80,
    });
  });

  it('applies each sign', () => {
    expect(run({ sign: '<', value: 10, delaySeconds: 0 }, '0:12 1:9 2:11')).toEqual(['raise', 'clear']);
    expect(run({ sign: '=', value: 1, delaySeconds: 0 }, '0:0 1:1 2:1 3:0')).toEqual(['raise', 'clear']);
  });
});
