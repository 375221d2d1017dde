/** Messages of the server-side password rules (A section 5; Django's validators as the model). */
export const PASSWORD_RULE_MESSAGES = {
  tooShort: 'This password is too short. It must contain at least 8 characters.',
  noDigit: 'The password must contain at least one digit.',
  noUppercase: 'The password must contain at least one uppercase letter.',
  entirelyNumeric: 'This password is entirely numeric.',
  tooCommon: 'This password is too common.',
  tooSimilar: 'The password is too similar to your personal information.',
} as const;

export const MIN_PASSWORD_LENGTH = 8;

export type PersonalInfo = {
  email?: string;
  firstName?: string;
  lastName?: string;
  username?: string | null;
};

/** Returns every rule the password breaks; an empty list means it is acceptable. */
export function checkPasswordRules(
  password: string,
  personal: PersonalInfo,
  isCommon: (password: string) => boolean,
): string[] {
  const problems: string[] = [];
  if (password.length < MIN_PASSWORD_LENGTH) {
    problems.push(PASSWORD_RULE_MESSAGES.tooShort);
  }
  if (!/\d/.test(password)) {
    problems.push(PASSWORD_RULE_MESSAGES.noDigit);
  }
  if (!/\p{Lu}/u.test(password)) {
    problems.push(PASSWORD_RULE_MESSAGES.noUppercase);
  }
  if (/^\d+$/.test(password)) {
    problems.push(PASSWORD_RULE_MESSAGES.entirelyNumeric);
  }
  if (isCommon(password)) {
    problems.push(PASSWORD_RULE_MESSAGES.tooCommon);
  }
  if (isTooSimilar(password, personal)) {
    problems.push(PASSWORD_RULE_MESSAGES.tooSimilar);
  }
  return problems;
}

const MAX_SIMILARITY = 0.7;

function isTooSimilar(password: string, personal: PersonalInfo): boolean {
  const lowered = password.toLowerCase();
  const values = [personal.email, personal.firstName, personal.lastName, personal.username]
    .filter((value): value is string => typeof value === 'string' && value !== '')
    .map((value) => value.toLowerCase());
  // Like Django: each attribute and each of its word parts (an e-mail splits at '@' and '.').
  const candidates = values
    .flatMap((value) => [value, ...value.split(/\W+/)])
    .filter((part) => part.length >= 3);
  if (candidates.some((value) => similarity(lowered, value) >= MAX_SIMILARITY)) {
    return true;
  }
  // Also too similar: a password made mostly of those parts ('RitaHayes1' for Rita Hayes).
  const rest = candidates
    .reduce((text, part) => text.replaceAll(part, ''), lowered)
    .replace(/[^\p{L}\p{N}]/gu, '');
  return rest.length !== lowered.replace(/[^\p{L}\p{N}]/gu, '').length && rest.length < MIN_REMAINDER;
}

const MIN_REMAINDER = 4;

/** Ratio of matching characters, as Python's SequenceMatcher.quick_ratio: 2*M/T over character counts. */
export function similarity(a: string, b: string): number {
  if (a.length + b.length === 0) {
    return 1;
  }
  const counts = new Map<string, number>();
  for (const ch of b) {
    counts.set(ch, (counts.get(ch) ?? 0) + 1);
  }
  let matches = 0;
  for (const ch of a) {
    const left = counts.get(ch) ?? 0;
    if (left > 0) {
      counts.set(ch, left - 1);
      matches += 1;
    }
  }
  return (2 * matches) / (a.length + b.length);
}
