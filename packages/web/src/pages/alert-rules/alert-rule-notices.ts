/** Notices of the form (the spec leaves them unwritten; docs/alert-rules.md). */
export const ALERT_RULE_NOTICES = {
  added: 'Email alert added',
  updated: 'Email alert updated',
  removed: 'Email alert removed',
  failed: 'An error occured, please try again!',
  confirmRemove: 'Please confirm you want to remove this email alert',
} as const;
