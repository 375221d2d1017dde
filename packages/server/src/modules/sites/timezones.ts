/** IANA names as Node's ICU knows them, plus 'UTC', sorted; computed once. */
const TIMEZONES: readonly string[] = [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])].sort();
const KNOWN = new Set(TIMEZONES);
// Area/Location names and single names (UTC, EST5EDT); never a raw offset such as +01:00.
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/** GET timezones/: the canonical IANA names offered in the site form. */
export function listTimezones(): readonly string[] {
  return TIMEZONES;
}

/** A canonical name, or an alias ICU resolves (Asia/Calcutta, US/Eastern) as older data may hold. */
export function isValidTimezone(name: string): boolean {
  if (KNOWN.has(name)) {
    return true;
  }
  if (!IANA_NAME.test(name)) {
    return false;
  }
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
