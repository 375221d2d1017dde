import { NON_FIELD_ERRORS } from '@vigil/contracts';

type ValidationIssue = { instancePath: string; message?: string };

/** Errors of a list body keyed by the field (title, url, ...) rather than the row number, as forms show them. */
export function listFieldErrors(issues: ValidationIssue[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const named = issue.instancePath.split('/').filter((segment) => segment !== '' && !/^\d+$/.test(segment));
    const field = named.at(-1) ?? NON_FIELD_ERRORS;
    const list = fields[field] ?? [];
    const message = issue.message ?? 'Invalid value.';
    if (!list.includes(message)) {
      list.push(message);
    }
    fields[field] = list;
  }
  return fields;
}
