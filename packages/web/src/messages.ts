/**
 * Spec texts the web needs that contracts does not hold yet (A sections 5 and 8).
 * They move to @vigil/contracts once the server validates the same forms.
 */
export const REGISTER_MESSAGES = {
  fullNameRequired: 'Full Name!',
  companyRequired: 'Please input your Company Name!',
  emailRequired: 'Please input your Email Address!',
  emailInvalid: 'The input is not valid E-mail!',
  captchaRequired: 'Please complete the reCAPTCHA!',
} as const;

export const PASSWORD_RESET_MESSAGES = {
  linkSent: 'Your password reset link has been sent successfully. Please check your email.',
  unknownEmail: 'The e-mail address is not assigned to any user account',
} as const;

export const PASSWORD_MESSAGES = {
  fieldsEmpty: 'Fields cannot be empty!!',
  mismatch: 'The two passwords that you entered do not match!',
  tooShort: 'Password must be at least 8 characters long.',
  noDigit: 'Password must contain at least one digit.',
  noUppercase: 'Password must contain at least one uppercase letter.',
} as const;

export const FEEDBACK_TOPICS = ['Website usage', 'Feature request', 'Issue', 'Other'] as const;

export const FEEDBACK_MESSAGES = {
  topicRequired: 'Please select a topic!',
  messageRequired: 'Please input your message',
  saved: 'Your feedback has been saved successfully.',
} as const;

export const FEEDBACK_MESSAGE_MAX_LENGTH = 1500;

/** Timers of A section 9. */
export const ALERT_RESET_MS = 5_000;
export const LOGIN_ALERT_RESET_MS = 10_000;

export const VISUAL_DASHBOARD_MESSAGES = {
  selectLocation: 'please select a location first',
  notEnabled: 'The visual dashboard is not enabled for your account.',
} as const;
