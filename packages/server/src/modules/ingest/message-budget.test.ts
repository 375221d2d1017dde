import { describe, expect, it } from 'vitest';
import { MessageBudget } from './message-budget';

describe('MessageBudget', () => {
  const budgetAt = (clock: { ms: number }) =>
    new MessageBudget({ perSecond: 10, burst: 20, now: () => clock.ms });

  it('allows a burst of 20 at once and refuses the 21st, counting refusals in a row', () => {
    const clock = { ms: 1_000_000 };
    const budget = budgetAt(clock);
    for (let n = 0; n < 20; n++) {
      expect(budget.take('A')).toEqual({ ok: true });
    }
    expect(budget.take('A')).toEqual({ ok: false, refusedInRow: 1 });
    expect(budget.take('A')).toEqual({ ok: false, refusedInRow: 2 });
  });

  it('refills at the rate: one message per 100 ms, and the refusals in a row start again', () => {
    const clock = { ms: 0 };
    const budget = budgetAt(clock);
    for (let n = 0; n < 20; n++) {
      budget.take('A');
    }
    expect(budget.take('A').ok).toBe(false);
    clock.ms += 99;
    expect(budget.take('A').ok).toBe(false);
    clock.ms += 1;
    expect(budget.take('A')).toEqual({ ok: true });
    expect(budget.take('A')).toEqual({ ok: false, refusedInRow: 1 });
  });

  it('sustains 10 messages per second forever, and never holds more than the burst', () => {
    const clock = { ms: 0 };
    const budget = budgetAt(clock);
    for (let n = 0; n < 1000; n++) {
      clock.ms += 100;
      expect(budget.take('A').ok).toBe(true);
    }
    clock.ms += 3_600_000;
    const allowed = Array.from({ length: 30 }, () => budget.take('A').ok).filter(Boolean);
    expect(allowed).toHaveLength(20);
  });

  it('keeps one budget per device', () => {
    const clock = { ms: 0 };
    const budget = budgetAt(clock);
    for (let n = 0; n < 20; n++) {
      budget.take('A');
    }
    expect(budget.take('A').ok).toBe(false);
    expect(budget.take('B').ok).toBe(true);
  });

  it('forgets devices whose bucket is full again', () => {
    const clock = { ms: 0 };
    const budget = budgetAt(clock);
    budget.take('A');
    for (let n = 0; n < 20; n++) {
      budget.take('B');
    }
    clock.ms += 100;
    budget.prune();
    expect(budget.size).toBe(1);
    clock.ms += 2000;
    budget.prune();
    expect(budget.size).toBe(0);
  });
});
