import {
  ESCALATION_MAX_LEVELS,
  type EscalationPolicy,
  type EscalationPolicyBody,
  escalationPolicyProblems,
} from '@vigil/contracts';

/** The form's state of a policy (issue 27, docs/escalation.md): what PUT sends. */
export type EscalationDraft = {
  enabled: boolean;
  include_warnings: boolean;
  levels: Array<{ after_minutes: number; user_ids: number[]; emails: string[] }>;
};

/** The draft of a stored policy (an empty one for a site that never had one). */
export function draftOf(policy: EscalationPolicy): EscalationDraft {
  return {
    enabled: policy.enabled,
    include_warnings: policy.include_warnings,
    levels: policy.levels.map((level) => ({
      after_minutes: level.after_minutes,
      user_ids: [...level.user_ids],
      emails: [...level.emails],
    })),
  };
}

/** A new level after the last: at once for the first, else 10 minutes after the one before (at most 24 h). */
export function withLevelAdded(draft: EscalationDraft): EscalationDraft {
  if (draft.levels.length >= ESCALATION_MAX_LEVELS) {
    return draft;
  }
  const last = draft.levels.at(-1);
  const minutes = last === undefined ? 0 : Math.min(last.after_minutes + 10, 24 * 60);
  return { ...draft, levels: [...draft.levels, { after_minutes: minutes, user_ids: [], emails: [] }] };
}

export function withLevelRemoved(draft: EscalationDraft, index: number): EscalationDraft {
  return { ...draft, levels: draft.levels.filter((_, i) => i !== index) };
}

export function withLevelChanged(
  draft: EscalationDraft,
  index: number,
  change: Partial<EscalationDraft['levels'][number]>,
): EscalationDraft {
  return {
    ...draft,
    levels: draft.levels.map((level, i) => (i === index ? { ...level, ...change } : level)),
  };
}

/** The body of PUT: addresses trimmed, empty ones left out. */
export function bodyOf(draft: EscalationDraft): EscalationPolicyBody {
  return {
    enabled: draft.enabled,
    include_warnings: draft.include_warnings,
    levels: draft.levels.map((level) => ({
      after_minutes: level.after_minutes,
      user_ids: level.user_ids,
      emails: level.emails.map((email) => email.trim()).filter((email) => email !== ''),
    })),
  };
}

/** The messages the server would answer for this draft (the rules are shared), 'Level 2: ...' each. */
export function draftProblems(draft: EscalationDraft): string[] {
  return escalationPolicyProblems(bodyOf(draft)).levels ?? [];
}

/** 'At once', '10 minutes', '1 h 30 min' after the alarm. */
export function afterText(minutes: number): string {
  if (minutes === 0) {
    return 'At once';
  }
  if (minutes < 60) {
    return `After ${minutes} min`;
  }
  const rest = minutes % 60;
  return `After ${Math.floor(minutes / 60)} h${rest === 0 ? '' : ` ${rest} min`}`;
}
