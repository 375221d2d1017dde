import { describe, expect, it } from 'vitest';
import { InProcessBus } from './bus';

describe('InProcessBus', () => {
  it('hands a tree only to the listeners of its device, and counts the trees nobody watched', async () => {
    const bus = new InProcessBus();
    const tree = (udfId: string, json: string) => ({ udfId, json, receivedAt: new Date() });
    bus.publish(tree('DEV1', '"unwatched"'));
    const received: string[] = [];
    const stop = bus.subscribe('DEV1', (event) => received.push(event.json));
    bus.publish(tree('DEV1', '"watched"'));
    bus.publish(tree('DEV2', '"other device"'));
    stop();
    bus.publish(tree('DEV1', '"after the last socket left"'));

    expect(received).toEqual(['"watched"']);
    expect(bus.stats).toEqual({ published: 1, skipped: 3, superseded: 0 });
    await bus.close();
  });
});
