import { describe, expect, it } from 'vitest';
import { InProcessBus } from './bus';
import { deviceRoom, everyRoom, siteRoom } from './rooms';

describe('InProcessBus', () => {
  it('hands a tree only to the listeners of its device, and counts the trees nobody watched', async () => {
    const bus = new InProcessBus();
    const publishTree = (udfId: string, json: string) =>
      bus.publish(deviceRoom(udfId), { name: 'tree', data: { udfId, json, receivedAt: new Date() } });
    publishTree('DEV1', '"unwatched"');
    const received: string[] = [];
    const stop = bus.subscribe(deviceRoom('DEV1'), (event) => received.push(event.data.json));
    publishTree('DEV1', '"watched"');
    publishTree('DEV2', '"other device"');
    stop();
    publishTree('DEV1', '"after the last socket left"');

    expect(received).toEqual(['"watched"']);
    expect(bus.stats).toEqual({ published: 1, skipped: 3, superseded: 0 });
    await bus.close();
  });

  it("hands a site's event to that site's subscribers and to those of every site, once each", async () => {
    const bus = new InProcessBus();
    const created = (id: number) => ({
      name: 'notifications-created' as const,
      data: { notificationIds: [id] },
    });
    const site1: number[] = [];
    const site2: number[] = [];
    const every: number[] = [];
    bus.subscribe(siteRoom(1), (event) => site1.push(...event.data.notificationIds));
    bus.subscribe(siteRoom(2), (event) => site2.push(...event.data.notificationIds));
    const stopEvery = bus.subscribe(everyRoom('site'), (event) => every.push(...event.data.notificationIds));
    bus.publish(siteRoom(1), created(10));
    bus.publish(siteRoom(2), created(20));
    bus.publish(siteRoom(3), created(30));
    stopEvery();
    bus.publish(siteRoom(1), created(11));

    expect(site1).toEqual([10, 11]);
    expect(site2).toEqual([20]);
    expect(every).toEqual([10, 20, 30]);
    // Only device trees are fan-out counts.
    expect(bus.stats).toEqual({ published: 0, skipped: 0, superseded: 0 });
    await bus.close();
  });
});
