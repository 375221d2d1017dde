import { z } from 'zod';

/** Texts of A sections 5 and 8 for the demo registration. */
export const REGISTER_MESSAGES = {
  fullNameRequired: 'Full Name!',
  companyRequired: 'Please input your Company Name!',
  emailRequired: 'Please input your Email Address!',
  emailInvalid: 'The input is not valid E-mail!',
  captchaRequired: 'Please complete the reCAPTCHA!',
  registered: 'Registered successfully',
  emailTaken: 'The email address is already registered.',
  failed: 'The email address is already registered or problems with network.',
} as const;

/** Texts of A section 8 for the captcha. */
export const CAPTCHA_MESSAGES = {
  required: 'Please complete the reCAPTCHA!',
  failed: 'CAPTCHA verification failed!',
  unavailable: 'Something went wrong. Please try again later.',
} as const;

/** Texts of A section 8 for account activation. */
export const ACTIVATION_MESSAGES = {
  invalidLink: 'Sorry, the activation link is invalid.',
  failed: 'Sorry, something went wrong. Please try again later.',
  activated: 'Activation was successful',
  termsNotAccepted: 'Please accept the terms of use first.',
} as const;

/** Longest e-mail address SMTP allows (RFC 5321). */
const EMAIL_MAX_LENGTH = 254;
const NAME_MAX_LENGTH = 255;

function maxLengthMessage(limit: number): string {
  return `Ensure this field has no more than ${limit} characters`;
}

/** A required, trimmed e-mail address with the messages of A section 5. */
export const AccountEmailSchema = z
  .string({ error: REGISTER_MESSAGES.emailRequired })
  .trim()
  .min(1, REGISTER_MESSAGES.emailRequired)
  .max(EMAIL_MAX_LENGTH, maxLengthMessage(EMAIL_MAX_LENGTH))
  .pipe(z.email({ error: REGISTER_MESSAGES.emailInvalid }))
  .describe('E-mail address');

/** The solved captcha: the ALTCHA widget's payload, or a reCAPTCHA response when the server uses Google. */
export const CaptchaTokenSchema = z
  .string({ error: CAPTCHA_MESSAGES.required })
  .min(1, CAPTCHA_MESSAGES.required)
  .max(10_000, CAPTCHA_MESSAGES.failed);

export const RegisterRequestSchema = z.object({
  name: z
    .string({ error: REGISTER_MESSAGES.fullNameRequired })
    .trim()
    .min(1, REGISTER_MESSAGES.fullNameRequired)
    .max(NAME_MAX_LENGTH, maxLengthMessage(NAME_MAX_LENGTH))
    .describe('Full name of the person asking for the demo'),
  company: z
    .string({ error: REGISTER_MESSAGES.companyRequired })
    .trim()
    .min(1, REGISTER_MESSAGES.companyRequired)
    .max(NAME_MAX_LENGTH, maxLengthMessage(NAME_MAX_LENGTH))
    .describe('Company name; becomes the demo client'),
  email: AccountEmailSchema,
  captcha: CaptchaTokenSchema.describe('The solved captcha, the same token verify-recaptcha/ checked'),
});
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

export const VerifyCaptchaRequestSchema = z.object({
  token: CaptchaTokenSchema.describe('The solved captcha to check (it is not used up)'),
});
export type VerifyCaptchaRequest = z.infer<typeof VerifyCaptchaRequestSchema>;

export const VerifyCaptchaResponseSchema = z.object({
  success: z.boolean().describe('The captcha is solved, unexpired and unused'),
});
export type VerifyCaptchaResponse = z.infer<typeof VerifyCaptchaResponseSchema>;

/** GET captcha/challenge/: an ALTCHA v2 challenge as the `altcha` widget fetches it. */
export const CaptchaChallengeSchema = z.object({
  parameters: z
    .looseObject({
      algorithm: z.string().describe('Key derivation algorithm, e.g. PBKDF2/SHA-256'),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number().describe('Iterations per attempt'),
      keyLength: z.number(),
      keyPrefix: z.string().describe('Prefix the derived key must start with'),
      keySignature: z.string().optional(),
      expiresAt: z.number().optional().describe('Expiry, epoch seconds'),
    })
    .describe('Signed challenge parameters'),
  signature: z.string().optional().describe('HMAC of the parameters'),
});
export type CaptchaChallenge = z.infer<typeof CaptchaChallengeSchema>;

/** Activation stage of A section 4: 0 shows the terms, 1 the password form. */
export const ActivationStageSchema = z.union([z.literal(0), z.literal(1)]);
export type ActivationStage = z.infer<typeof ActivationStageSchema>;

export const ActivationStateSchema = z.object({
  stage: ActivationStageSchema.describe('0: terms not accepted yet; 1: terms accepted, set the password'),
  email: z.string().describe('E-mail address of the account being activated'),
  first_name: z.string(),
});
export type ActivationState = z.infer<typeof ActivationStateSchema>;

export const ActivationKeyParamsSchema = z.object({
  key: z.string().describe('The activation key from the e-mailed link'),
});
