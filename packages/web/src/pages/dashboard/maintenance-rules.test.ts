import { MAINTENANCE_MESSAGES, type MaintenanceInfoEntry } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_MESSAGES } from './dashboard-messages';
import {
  canSubmitComment,
  canTestSensor,
  cardPromptOf,
  endedKindOf,
  findOpenTest,
  formatCountdown,
  remainingMs,
  runningPrompt,
} from './maintenance-rules';

const entry: MaintenanceInfoEntry = {
  time: 1_000_000,
  engineer: 'Morgan',
  state: 'maintenance_expect_alarm_on',
  sensor_id: 'W1.tmp.1',
  sensor_name: 'Head Left Bearing',
  group_name: 'Temperature',
  state_time: 1_000_000,
  deadline: 1_540_000,
  server_time: 1_060_000,
};

describe('countdown', () => {
  it("counts down to the server's deadline (540 s after the start), on the server clock", () => {
    // The server answered 60 s after the start; the browser received it at its own 5_000.
    expect(remainingMs(entry, 5_000, 5_000)).toBe(8 * 60_000);
    expect(remainingMs(entry, 5_000, 35_000)).toBe(7 * 60_000 + 30_000);
  });
  it('reaches 0:00 when the server fails the test, not a minute before', () => {
    // 479 s after the start the server still runs the test: the screen must not read 0:00 yet.
    expect(remainingMs(entry, 0, 419_000)).toBe(61_000);
    expect(remainingMs(entry, 0, 480_000)).toBe(0);
  });
  it('does not depend on how wrong the browser clock is', () => {
    expect(remainingMs(entry, 9_999_999_000, 9_999_999_000)).toBe(8 * 60_000);
  });
  it('stops at zero', () => {
    expect(remainingMs(entry, 0, 10 * 60_000)).toBe(0);
  });
  it('reads m:ss', () => {
    expect(formatCountdown(8 * 60_000)).toBe('8:00');
    expect(formatCountdown(61_500)).toBe('1:02');
    expect(formatCountdown(0)).toBe('0:00');
  });
});

describe('maintenance rules', () => {
  it('finds the open test among the sensors', () => {
    expect(findOpenTest({ '1': null, '2': entry })).toBe(entry);
    expect(findOpenTest({ '1': null })).toBeNull();
    expect(findOpenTest(undefined)).toBeNull();
  });
  it('refuses sensors 18000 and 21000', () => {
    expect(canTestSensor('18000')).toBe(false);
    expect(canTestSensor('21000')).toBe(false);
    expect(canTestSensor('1')).toBe(true);
  });
  it('prompts by state, and names the result of an ended test', () => {
    expect(runningPrompt('maintenance_expect_alarm_on')).toBe(MAINTENANCE_MESSAGES.promptExpectAlarmOn);
    expect(runningPrompt('maintenance_expect_alarm_off')).toBe(MAINTENANCE_MESSAGES.promptExpectAlarmOff);
    expect(runningPrompt('maintanance_succeeded')).toBeNull();
    expect(endedKindOf('maintanance_succeeded')).toBe('succeeded');
    expect(endedKindOf('maintenance_failed')).toBe('failed');
    expect(endedKindOf('maintenance_expect_alarm_on')).toBeNull();
  });
  it('needs a comment to submit a failed or canceled test, not a succeeded one', () => {
    expect(canSubmitComment('succeeded', '')).toBe(true);
    expect(canSubmitComment('failed', '  ')).toBe(false);
    expect(canSubmitComment('cancel', '')).toBe(false);
    expect(canSubmitComment('cancel', 'Sensor replaced')).toBe(true);
  });
});

describe('what a card says in maintenance mode', () => {
  it("says 'Testing in progress.' on the sensor under test only, never on the other cards", () => {
    expect(cardPromptOf(true, 'maintenance_expect_alarm_on')).toBe(MAINTENANCE_MESSAGES.promptInProgress);
    expect(cardPromptOf(true, 'maintenance_expect_alarm_off')).toBe(MAINTENANCE_MESSAGES.promptInProgress);
    expect(cardPromptOf(false, 'maintenance_expect_alarm_on')).toBeNull();
    expect(cardPromptOf(false, 'maintanance_succeeded')).toBeNull();
    expect(cardPromptOf(false, null)).toBeNull();
  });
  it("names the result on the tested sensor's card once the test ended", () => {
    expect(cardPromptOf(true, 'maintanance_succeeded')).toBe(DASHBOARD_MESSAGES.testSucceeded);
    expect(cardPromptOf(true, 'maintenance_failed')).toBe(DASHBOARD_MESSAGES.testFailed);
  });
});
