import { describe, expect, it } from 'vitest';
import { createPopGuard, historyIndexOf } from './pop-guard';

/** A browser history of numbered entries and a person who answers when asked. */
function scene({ isDirty = true, editorIndex = 3 } = {}) {
  const moves: number[] = [];
  const questions: Array<{ onLeave: () => void; onStay: () => void }> = [];
  const dirty = { value: isDirty };
  const handlePop = createPopGuard({
    editorIndex,
    go: (delta) => moves.push(delta),
    shouldAsk: () => dirty.value,
    ask: (answer) => questions.push(answer),
  });
  return { handlePop, moves, questions, dirty };
}

const entry = (idx: number) => ({ usr: null, key: 'k', idx });

describe('historyIndexOf', () => {
  it("reads react-router's index of an entry, null for an entry it did not make", () => {
    expect(historyIndexOf(entry(4))).toBe(4);
    expect(historyIndexOf(null)).toBeNull();
    expect(historyIndexOf({ key: 'k' })).toBeNull();
    expect(historyIndexOf({ idx: '2' })).toBeNull();
  });
});

describe('the Back guard of the editor', () => {
  it('lets Back through when nothing changed', () => {
    const { handlePop, moves, questions } = scene({ isDirty: false });
    expect(handlePop(entry(2))).toBe('pass');
    expect(moves).toEqual([]);
    expect(questions).toHaveLength(0);
  });

  it('keeps Back with changes from the router, returns to the editor and asks', () => {
    const { handlePop, moves, questions } = scene();
    expect(handlePop(entry(2))).toBe('swallow');
    expect(moves).toEqual([1]);
    expect(questions).toHaveLength(1);
    // The step back to the editor's entry is kept from the router too.
    expect(handlePop(entry(3))).toBe('swallow');
  });

  it('stays when the person stays, and asks again on the next Back', () => {
    const { handlePop, moves, questions } = scene();
    handlePop(entry(2));
    handlePop(entry(3));
    questions[0]?.onStay();
    expect(moves).toEqual([1]);
    expect(handlePop(entry(2))).toBe('swallow');
    expect(questions).toHaveLength(2);
  });

  it('replays the step when the person leaves, and lets it reach the router', () => {
    const { handlePop, moves, questions } = scene();
    handlePop(entry(2));
    handlePop(entry(3));
    questions[0]?.onLeave();
    expect(moves).toEqual([1, -1]);
    expect(handlePop(entry(2))).toBe('pass');
  });

  it('guards Forward and jumps of several entries the same way', () => {
    const { handlePop, moves, questions } = scene();
    expect(handlePop(entry(5))).toBe('swallow');
    expect(moves).toEqual([-2]);
    handlePop(entry(3));
    questions[0]?.onLeave();
    expect(moves).toEqual([-2, 2]);
  });

  it('asks once when Back is pressed again while returning', () => {
    const { handlePop, moves, questions } = scene();
    handlePop(entry(2));
    expect(handlePop(entry(1))).toBe('swallow');
    expect(moves).toEqual([1, 2]);
    expect(handlePop(entry(3))).toBe('swallow');
    expect(questions).toHaveLength(1);
  });

  it('lets through an entry react-router did not make (no index to return to)', () => {
    const { handlePop, moves } = scene();
    expect(handlePop(null)).toBe('pass');
    expect(moves).toEqual([]);
  });
});
