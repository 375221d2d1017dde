import { describe, expect, it } from 'vitest';
import {
  decodeControlFrame,
  decodeRoomFrame,
  decodeTreeFrame,
  encodeControlFrame,
  encodeRoomFrame,
  encodeTreeFrame,
} from './redis-frames';

describe('tree frames on Redis', () => {
  it('carry the tree text as it came, after a header line with the receive time', () => {
    const json = '{"device":{"deviceId":"DEV1"},"note":"a \\"quoted\\"\\nline"}';
    const receivedAt = new Date('2026-11-21T10:00:00.123Z');
    const frame = encodeTreeFrame({ udfId: 'DEV1', json, receivedAt });

    expect(frame).toBe(`${receivedAt.getTime()}\n${json}`);
    expect(decodeTreeFrame('DEV1', frame)).toEqual({ udfId: 'DEV1', json, receivedAt });
  });

  it('keep newlines inside the tree text (only the first one ends the header)', () => {
    const json = '{\n  "device": {}\n}';
    const frame = encodeTreeFrame({ udfId: 'DEV1', json, receivedAt: new Date(5) });
    expect(decodeTreeFrame('DEV1', frame)?.json).toBe(json);
  });

  it('read the former frame of instances before 2026-11-24 (a rolling upgrade loses no live tree)', () => {
    const json = '{"device":{"deviceId":"DEV1"}}';
    const former = JSON.stringify({ udfId: 'DEV1', receivedAt: '2026-11-21T10:00:00.123Z', json });
    expect(decodeTreeFrame('DEV1', former)).toEqual({
      udfId: 'DEV1',
      json,
      receivedAt: new Date('2026-11-21T10:00:00.123Z'),
    });
    // Another device's tree, or one without a readable time, is not taken for this channel's.
    expect(decodeTreeFrame('DEV2', former)).toBeUndefined();
    const undated = JSON.stringify({ udfId: 'DEV1', receivedAt: 'yesterday', json });
    expect(decodeTreeFrame('DEV1', undated)).toBeUndefined();
  });

  it('refuses frames that are not trees', () => {
    for (const message of [
      '',
      'not json',
      '{"udfId":"DEV1","json":"{}"}',
      '{"udfId":"DEV1","receivedAt":"2026-11-21T10:00:00Z","json":{}}',
      '{not json',
      '\n{}',
      'x\n{}',
      '12\n',
      '-5\n{}',
    ]) {
      expect(decodeTreeFrame('DEV1', message)).toBeUndefined();
    }
  });
});

describe('control frames on Redis', () => {
  it('round-trip a valid event and refuse anything else', () => {
    const frame = { origin: 'a', event: { name: 'session-revoked' as const, data: { userId: 3 } } };
    expect(decodeControlFrame(encodeControlFrame(frame))).toEqual(frame);
    expect(decodeControlFrame('not json')).toBeUndefined();
    expect(decodeControlFrame('{"origin":"x","event":{"name":"reboot","data":{}}}')).toBeUndefined();
    expect(decodeControlFrame('{"event":{"name":"session-revoked","data":{}}}')).toBeUndefined();
  });
});

describe('site room frames on Redis', () => {
  it('round-trip an event of the room and refuse anything else', () => {
    const frame = {
      origin: 'a',
      event: { name: 'notifications-created' as const, data: { notificationIds: [4, 5] } },
    };
    expect(decodeRoomFrame('site', encodeRoomFrame(frame))).toEqual(frame);
    expect(decodeRoomFrame('site', 'not json')).toBeUndefined();
    expect(
      decodeRoomFrame('site', '{"event":{"name":"notifications-created","data":{"notificationIds":[]}}}'),
    ).toBeUndefined();
    expect(decodeRoomFrame('site', '{"origin":"x","event":{"name":"tree","data":{}}}')).toBeUndefined();
    expect(decodeRoomFrame('user', encodeRoomFrame(frame))).toBeUndefined();
  });

  it("read an older instance's notifications on the control channel as the former frame", () => {
    const former = { name: 'notifications-created', data: { notifications: [{ id: 1, locationId: 2 }] } };
    expect(decodeControlFrame(JSON.stringify({ origin: 'old', event: former }))).toEqual({
      origin: 'old',
      former,
    });
  });
});
