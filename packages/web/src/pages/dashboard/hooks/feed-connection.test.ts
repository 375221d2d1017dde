import type { StateTree } from '@vigil/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket, madeSocket } from '../../../../test/fake-socket';
import type { TreeChanges } from '../tree-diff';
import { type FeedStatus, feedUrl, openDeviceFeed } from './feed-connection';

function treeText(value: number): string {
  const sensor = {
    Id: 1,
    Name: 'Head',
    Type: 'NUMERIC',
    Value: value,
    Status: 'OK',
    Alarm: false,
    Meta: {},
  } as const;
  const tree: StateTree = {
    Id: 'UDF1',
    Name: 'Elevator',
    Status: 'OK',
    Alarm: false,
    time: 1,
    device: { deviceId: 'UDF1', deviceType: '0300', versionInfo: null },
    sensors: [],
    groups: [{ Id: 'tmp', Name: 'Temperature', Status: 'OK', Alarm: false, sensors: [sensor] }],
  };
  return JSON.stringify(tree);
}

/** The feed as the worker opens it, on the global WebSocket (a fake here): what it told, in order. */
function open() {
  const told: Array<FeedStatus | TreeChanges> = [];
  const close = openDeviceFeed('ws://vigil.test/ws/device-data/UDF1/', {
    getToken: () => 'raw.jwt',
    onChanges: (changes) => told.push(changes),
    onStatus: (status) => told.push(status),
    onUnauthenticated: async () => true,
  });
  return { told, close };
}

describe('live feed connection', () => {
  beforeEach(() => {
    FakeSocket.made = [];
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens the device feed on the page host, wss under https, without the token', () => {
    expect(feedUrl({ protocol: 'https:', host: 'vigil.example' }, 'W0300001')).toBe(
      'wss://vigil.example/ws/device-data/W0300001/',
    );
    expect(feedUrl({ protocol: 'http:', host: '127.0.0.1:8080' }, 'A B')).toBe(
      'ws://127.0.0.1:8080/ws/device-data/A%20B/',
    );
  });

  it('is live from the first state tree, told before its changes; other frames change nothing', () => {
    const { told, close } = open();
    const socket = madeSocket(0);
    socket.onopen?.();
    expect(socket.sent).toEqual([JSON.stringify({ cmd: 'auth', token: 'raw.jwt' })]);
    socket.onmessage?.({ data: '{"detail":"x"}' });
    expect(told).toEqual(['connecting']);
    socket.onmessage?.({ data: treeText(20) });
    socket.onmessage?.({ data: treeText(21) });
    close();
    expect(told.slice(0, 2)).toEqual(['connecting', 'live']);
    const [first, second] = told.slice(2) as TreeChanges[];
    expect(first?.layout?.deviceId).toBe('UDF1');
    expect(Array.from(second?.values ?? [])).toEqual([21]);
    expect(socket.closedWith).toBe(1000);
  });

  it('stops for good on 4403, saying forbidden', () => {
    const { told } = open();
    madeSocket(0).onclose?.({ code: 4403 });
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(1);
    expect(told).toEqual(['connecting', 'forbidden']);
  });
});
