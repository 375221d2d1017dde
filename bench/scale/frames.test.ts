import { describe, expect, it } from 'vitest';
import { microsPerFrame, socketPlan } from './frames';

describe('microsPerFrame', () => {
  it('charges each frame what the sockets added over the mean of the windows without them', () => {
    const without = [
      { 'vigil-1': 0.1, redis: 0.01 },
      { 'vigil-1': 0.14, redis: 0.01 },
    ];
    const figures = microsPerFrame(without, { 'vigil-1': 0.17, redis: 0.02 }, 1000);
    expect(figures?.['vigil-1']).toBeCloseTo(50);
    expect(figures?.redis).toBeCloseTo(10);
  });

  it('gives nothing when no frame arrived', () => {
    expect(microsPerFrame([{ 'vigil-1': 0.1 }], { 'vigil-1': 0.2 }, 0)).toBeNull();
  });
});

describe('socketPlan', () => {
  it('alternates instances, cycles devices and gives each person 20 sockets on each instance', () => {
    const plan = socketPlan(100, 2, ['a', 'b', 'c']);
    expect(plan.slice(0, 4)).toEqual([
      { instance: 0, person: 0, udfId: 'a' },
      { instance: 1, person: 0, udfId: 'b' },
      { instance: 0, person: 0, udfId: 'c' },
      { instance: 1, person: 0, udfId: 'a' },
    ]);
    const perInstanceAndPerson = new Map<string, number>();
    for (const socket of plan) {
      const key = `${socket.instance}/${socket.person}`;
      perInstanceAndPerson.set(key, (perInstanceAndPerson.get(key) ?? 0) + 1);
    }
    expect(Math.max(...perInstanceAndPerson.values())).toBe(20);
    expect(new Set(plan.map((socket) => socket.person)).size).toBe(3);
  });
});
