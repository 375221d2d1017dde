/** Query key of every e-mail alert rule query, so a change can refresh them all. */
export const ALERT_RULES_QUERY_KEY = ['alert-rules'] as const;

/** What the form page hands back to the list through navigation state (a notice after saving or removing). */
export type AlertRulesPageState = { notice?: string };

/** Notices of the form (the spec leaves them unwritten; docs/alert-rules.md). */
export const ALERT_RULE_NOTICES = {
  added: 'Email alert added',
  updated: 'Email alert updated',
  removed: 'Email alert removed',
  failed: 'An error occured, please try again!',
  confirmRemove: 'Please confirm you want to remove this email alert',
} as const;
