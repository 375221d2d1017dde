import { z } from 'zod';
import { IdSchema } from './common';

/**
 * Escalation when nobody acknowledges (issue 27, docs/escalation.md): per site, up to three levels, each told
 * after so many minutes of an active alarm (and, if the policy says so, a warning) nobody has acknowledged.
 */

export const ESCALATION_MAX_LEVELS = 3;
/** Recipients (people and other addresses together) of one level. */
export const ESCALATION_MAX_RECIPIENTS = 20;
/** A level is told at most a day after the alarm. */
export const ESCALATION_MAX_MINUTES = 24 * 60;
export const ESCALATION_EMAIL_MAX_LENGTH = 254;

export const ESCALATION_MESSAGES = {
  tooManyLevels: `An escalation policy has at most ${ESCALATION_MAX_LEVELS} levels.`,
  levelsRequired: 'An enabled escalation policy needs at least one level.',
  minutesRange: `Minutes must be a whole number from 0 to ${ESCALATION_MAX_MINUTES} (24 hours).`,
  minutesFirstOnly: 'Only level 1 may be told at once (0 minutes).',
  minutesIncreasing: 'Each level must come later than the one before it.',
  recipientsRequired: 'Choose at least one person or e-mail address.',
  tooManyRecipients: `At most ${ESCALATION_MAX_RECIPIENTS} recipients per level.`,
  invalidEmail: 'The input is not valid E-mail!',
  duplicateRecipient: 'A recipient is named twice on this level.',
  userNotAtSite: 'This person does not see the site.',
} as const;

/** A plain e-mail address check (the form and the server share it): one @, a dot in the domain, no spaces. */
export function isEscalationEmail(text: string): boolean {
  return (
    text.length <= ESCALATION_EMAIL_MAX_LENGTH &&
    /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/.test(text)
  );
}

export const EscalationLevelInputSchema = z.object({
  after_minutes: z
    .number({ error: ESCALATION_MESSAGES.minutesRange })
    .describe('Minutes after the alarm without acknowledgement (level 1 may be 0: at once)'),
  user_ids: z.array(IdSchema).max(100).default([]).describe('People of the site, by id'),
  emails: z
    .array(z.string().trim().max(ESCALATION_EMAIL_MAX_LENGTH))
    .max(100)
    .default([])
    .describe('Other e-mail addresses'),
});
export type EscalationLevelInput = z.infer<typeof EscalationLevelInputSchema>;

/** What a level needs to be checked: the same shape the form holds. */
export type EscalationLevelChoice = {
  after_minutes: number;
  user_ids: readonly number[];
  emails: readonly string[];
};

/**
 * The rules of a policy, one message list per level ('Level 2: ...'), used by the server and the form: at most
 * three levels; minutes whole, 0 to 1,440, only level 1 at 0, strictly increasing; at least one and at most 20
 * recipients a level, addresses valid and none named twice; an enabled policy has a level.
 */
export function escalationPolicyProblems(policy: {
  enabled: boolean;
  levels: readonly EscalationLevelChoice[];
}): Record<string, string[]> {
  const messages: string[] = [];
  if (policy.levels.length > ESCALATION_MAX_LEVELS) {
    messages.push(ESCALATION_MESSAGES.tooManyLevels);
  }
  if (policy.enabled && policy.levels.length === 0) {
    messages.push(ESCALATION_MESSAGES.levelsRequired);
  }
  policy.levels.slice(0, ESCALATION_MAX_LEVELS).forEach((level, index) => {
    for (const problem of levelProblems(level, index === 0 ? null : policy.levels[index - 1])) {
      messages.push(`Level ${index + 1}: ${problem}`);
    }
  });
  return messages.length === 0 ? {} : { levels: messages };
}

function levelProblems(
  level: EscalationLevelChoice,
  before: EscalationLevelChoice | null | undefined,
): string[] {
  const problems: string[] = [];
  const minutes = level.after_minutes;
  if (!Number.isInteger(minutes) || minutes < 0 || minutes > ESCALATION_MAX_MINUTES) {
    problems.push(ESCALATION_MESSAGES.minutesRange);
  } else if (before != null && minutes === 0) {
    problems.push(ESCALATION_MESSAGES.minutesFirstOnly);
  } else if (before != null && Number.isInteger(before.after_minutes) && minutes <= before.after_minutes) {
    problems.push(ESCALATION_MESSAGES.minutesIncreasing);
  }
  const count = level.user_ids.length + level.emails.length;
  if (count === 0) {
    problems.push(ESCALATION_MESSAGES.recipientsRequired);
  } else if (count > ESCALATION_MAX_RECIPIENTS) {
    problems.push(ESCALATION_MESSAGES.tooManyRecipients);
  }
  const invalid = level.emails.filter((email) => !isEscalationEmail(email.trim()));
  if (invalid.length > 0) {
    problems.push(`${ESCALATION_MESSAGES.invalidEmail} (${invalid.slice(0, 3).join(', ')})`);
  }
  const addresses = level.emails.map((email) => email.trim().toLowerCase());
  if (new Set(addresses).size < addresses.length || new Set(level.user_ids).size < level.user_ids.length) {
    problems.push(ESCALATION_MESSAGES.duplicateRecipient);
  }
  return problems;
}

export const EscalationPolicyBodySchema = z
  .object({
    enabled: z.boolean().describe('Off: nothing escalates at the site'),
    include_warnings: z.boolean().default(false).describe('Warnings escalate too (alarms always do)'),
    levels: z.array(EscalationLevelInputSchema).max(10).describe('Level 1 first; at most 3'),
  })
  .superRefine((policy, context) => {
    for (const [field, messages] of Object.entries(escalationPolicyProblems(policy))) {
      for (const message of messages) {
        context.addIssue({ code: 'custom', path: [field], message });
      }
    }
  });
export type EscalationPolicyBody = z.infer<typeof EscalationPolicyBodySchema>;

export const EscalationUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  full_name: z.string(),
});
export type EscalationUser = z.infer<typeof EscalationUserSchema>;

export const EscalationLevelSchema = z.object({
  level: z.number().int().describe('1, 2 or 3'),
  after_minutes: z.number().int(),
  user_ids: z.array(z.number().int()),
  users: z.array(EscalationUserSchema).describe('The people of user_ids who still exist'),
  emails: z.array(z.string()),
});
export type EscalationLevel = z.infer<typeof EscalationLevelSchema>;

export const EscalationPolicySchema = z.object({
  location: z.number().int(),
  enabled: z.boolean(),
  include_warnings: z.boolean(),
  levels: z.array(EscalationLevelSchema),
  can_edit: z
    .boolean()
    .describe("The reader may change the policy (the site's managers, accounts management, staff)"),
  date_updated: z.string().nullable().describe('ISO-8601; null while the site has never had a policy'),
  updated_by: z.string().nullable(),
});
export type EscalationPolicy = z.infer<typeof EscalationPolicySchema>;

export const ESCALATION_STEP_STATES = ['pending', 'sent', 'stopped'] as const;
export type EscalationStepState = (typeof ESCALATION_STEP_STATES)[number];

/** Why a level was not sent: the alarm was acknowledged or cleared, or the policy changed meanwhile. */
export const ESCALATION_STOP_REASONS = [
  'acknowledged',
  'cleared',
  'policy-off',
  'level-removed',
  'gone',
  'shelved',
] as const;
export type EscalationStopReason = (typeof ESCALATION_STOP_REASONS)[number];

/** One step of a notification's walk, as the notifications log shows it. */
export const EscalationStepSchema = z.object({
  level: z.number().int(),
  state: z.enum(ESCALATION_STEP_STATES),
  reason: z.string().nullable().describe('Why a stopped step was not sent'),
  due_at: z.number().describe('Unix seconds'),
  settled_at: z.number().nullable().describe('Unix seconds'),
  recipients: z.array(z.string()).describe('The addresses mailed (sent steps)'),
});
export type EscalationStep = z.infer<typeof EscalationStepSchema>;
