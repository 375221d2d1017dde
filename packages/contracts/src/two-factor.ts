import { z } from 'zod';

/** Texts of A section 8 'Two-factor' and of the server-side gate (A section 2 'Gating'). */
export const TWO_FACTOR_MESSAGES = {
  deviceRegistered: 'Device registered, please verify by entering the token displayed on your device',
  setupComplete: 'Two factor set up complete',
  verified: 'Two factor verified',
  verificationFailed: 'Device verification failed, please try again!',
  disabled: 'Two factor disabled',
  disableFailed: 'Failed disabling 2FA, please try again!',
  /** 403 of every call a gated session may not make yet. */
  required: 'Two-factor authentication required.',
  alreadyRegistered: 'Two-factor authentication is already set up. Reset it before setting it up again.',
  noPendingDevice: 'No two-factor setup is in progress. Start it with Setup 2FA.',
  noDevice: 'Two-factor authentication is not set up. Set it up first.',
  tooManyAttempts: 'Too many wrong codes. Please wait a few minutes and try again.',
  tokenRequired: 'Please enter the code on your device',
  /** Web alert after a reset from Manage Security or the assigned-user page (A section 8). */
  authenticationRemoved: 'Authentication removed',
} as const;

/** TOTP parameters every authenticator app understands (design.md: otpauth). */
export const TOTP_SETTINGS = { issuer: 'Vigil', algorithm: 'SHA1', digits: 6, period: 30 } as const;

export const VerifyTwoFactorRequestSchema = z.object({
  token: z
    .string({ error: TWO_FACTOR_MESSAGES.tokenRequired })
    .trim()
    .min(1, TWO_FACTOR_MESSAGES.tokenRequired)
    .max(16, TWO_FACTOR_MESSAGES.verificationFailed)
    .describe('The 6-digit code the authenticator app shows'),
});
export type VerifyTwoFactorRequest = z.infer<typeof VerifyTwoFactorRequestSchema>;

export const RetrieveCodeResponseSchema = z.object({
  qrcode: z.string().describe('PNG data URL of the QR code to scan'),
  otpauth_url: z.string().describe('otpauth:// URI the QR code encodes'),
  secret: z.string().describe('Base32 secret, for typing into the app by hand'),
});
export type RetrieveCodeResponse = z.infer<typeof RetrieveCodeResponseSchema>;

export const Is2faRequiredResponseSchema = z.object({
  is_2fa_required: z.boolean().describe('A client the user belongs to requires two-factor authentication'),
});
export type Is2faRequiredResponse = z.infer<typeof Is2faRequiredResponseSchema>;
