import { describe, expect, it } from 'vitest';
import { decodeRoomFrame, encodeRoomFrame } from './redis-frames';
import { machineRoom, roomKey, roomOfKey, tabRoom } from './rooms';

describe('the room map', () => {
  it('names every room by its key and reads it back; anything else is no room', () => {
    for (const room of [tabRoom(12), machineRoom(7), { name: 'site', id: 3 } as const]) {
      expect(roomOfKey(roomKey(room))).toEqual(room);
    }
    expect(roomOfKey('device:BD000001')).toEqual({ name: 'device', id: 'BD000001' });
    expect(roomOfKey('tab:x')).toBeUndefined();
    expect(roomOfKey('machine:')).toBeUndefined();
    expect(roomOfKey('schema:1')).toBeUndefined();
  });

  it("carries a tab's and a machine's events between instances, and refuses a frame of another shape", () => {
    const frame = encodeRoomFrame({ origin: 'a', event: { name: 'tab-changed', data: { tabId: 12 } } });
    expect(decodeRoomFrame('tab', frame)).toEqual({
      origin: 'a',
      event: { name: 'tab-changed', data: { tabId: 12 } },
    });
    const machine = encodeRoomFrame({
      origin: 'b',
      event: { name: 'machine-changed', data: { machineId: 7 } },
    });
    expect(decodeRoomFrame('machine', machine)?.event).toEqual({
      name: 'machine-changed',
      data: { machineId: 7 },
    });
    expect(decodeRoomFrame('tab', machine)).toBeUndefined();
  });
});
