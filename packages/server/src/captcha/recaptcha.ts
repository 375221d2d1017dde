import { CAPTCHA_MESSAGES } from '@vigil/contracts';
import { AppError } from '../errors';

export const SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
/** Google accepts a reCAPTCHA response for two minutes after it was given. */
export const RECAPTCHA_TOKEN_TTL_SECONDS = 120;

/** Asks Google whether a reCAPTCHA response is valid; true or false, throws 503 when Google cannot be asked. */
export type SiteVerify = (token: string) => Promise<boolean>;

/** siteverify over `fetch` (injectable for tests: Google is unreachable from them). */
export function googleSiteVerify(secret: string, fetchFn: typeof fetch = fetch): SiteVerify {
  return async (token) => {
    let response: Response;
    try {
      response = await fetchFn(SITEVERIFY_URL, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret, response: token }).toString(),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw new AppError('unavailable', CAPTCHA_MESSAGES.unavailable);
    }
    if (!response.ok) {
      throw new AppError('unavailable', CAPTCHA_MESSAGES.unavailable);
    }
    const body: unknown = await response.json().catch(() => null);
    return typeof body === 'object' && body !== null && 'success' in body && body.success === true;
  };
}
