import type { EscalationPolicy } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import {
  afterText,
  bodyOf,
  draftOf,
  draftProblems,
  withLevelAdded,
  withLevelRemoved,
} from './escalation-draft';

const stored: EscalationPolicy = {
  location: 3,
  enabled: true,
  include_warnings: false,
  levels: [
    { level: 1, after_minutes: 0, user_ids: [7], users: [], emails: ['night@example.com'] },
    { level: 2, after_minutes: 10, user_ids: [], users: [], emails: ['boss@example.com'] },
  ],
  can_edit: true,
  date_updated: null,
  updated_by: null,
};

describe('the escalation form', () => {
  it('adds levels 10 minutes apart, at most three', () => {
    const three = withLevelAdded(draftOf(stored));
    expect(three.levels.map((level) => level.after_minutes)).toEqual([0, 10, 20]);
    expect(withLevelAdded(three)).toBe(three);
    expect(withLevelRemoved(three, 0).levels.map((level) => level.after_minutes)).toEqual([10, 20]);
  });

  it('checks the draft with the rules the server applies', () => {
    const draft = withLevelAdded(draftOf(stored));
    expect(draftProblems(draft)).toEqual(['Level 3: Choose at least one person or e-mail address.']);
    const bad = { ...draft, levels: [{ after_minutes: 5, user_ids: [], emails: [' x@example.com ', ''] }] };
    expect(bodyOf(bad).levels[0]?.emails).toEqual(['x@example.com']);
    expect(draftProblems(bad)).toEqual([]);
  });

  it('says when a level is told', () => {
    expect([0, 10, 60, 90].map(afterText)).toEqual([
      'At once',
      'After 10 min',
      'After 1 h',
      'After 1 h 30 min',
    ]);
  });
});
