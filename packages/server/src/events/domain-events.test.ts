import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import type { UserRow } from '../db/tables/users.table';
import { createDomainEvents, type DomainEventMap } from './domain-events';

// The handlers only pass these along: any object stands for a database handle or a user.
const tx = { name: 'the publisher transaction' } as unknown as Database;
const by = { id: 7, email: 'eng@example.com' } as UserRow;
const added: DomainEventMap['device-administered'] = {
  device: { id: 1, title: 'Conveyor', locationId: 2 },
  action: 'added',
  by,
};

describe('domain events', () => {
  it("hands each subscriber the publisher's database handle and the event, one after another", async () => {
    const events = createDomainEvents();
    const seen: string[] = [];
    events.subscribe('device-administered', async (db, event) => {
      seen.push(`first start ${event.device.title}`);
      expect(db).toBe(tx);
      await new Promise((resolve) => setImmediate(resolve));
      seen.push('first end');
    });
    events.subscribe('device-administered', async (db, event) => {
      expect(db).toBe(tx);
      seen.push(`second ${event.action}`);
    });
    await events.publish(tx, 'device-administered', added);
    expect(seen).toEqual(['first start Conveyor', 'first end', 'second added']);
  });

  it('calls only the subscribers of the event published', async () => {
    const events = createDomainEvents();
    const seen: string[] = [];
    events.subscribe('site-administered', async () => {
      seen.push('site');
    });
    events.subscribe('device-administered', async () => {
      seen.push('device');
    });
    await events.publish(tx, 'site-administered', { site: { id: 2, title: 'Plant' }, action: 'changed', by });
    expect(seen).toEqual(['site']);
  });

  it("rejects the publish with a subscriber's error and runs no later subscriber", async () => {
    const events = createDomainEvents();
    let later = false;
    events.subscribe('device-administered', async () => {
      throw new Error('insert failed');
    });
    events.subscribe('device-administered', async () => {
      later = true;
    });
    await expect(events.publish(tx, 'device-administered', added)).rejects.toThrow('insert failed');
    expect(later).toBe(false);
  });

  it('keeps the subscribers of two applications apart', async () => {
    const one = createDomainEvents();
    const other = createDomainEvents();
    let heard = 0;
    one.subscribe('device-administered', async () => {
      heard += 1;
    });
    await other.publish(tx, 'device-administered', added);
    expect(heard).toBe(0);
    await one.publish(tx, 'device-administered', added);
    expect(heard).toBe(1);
  });
});
