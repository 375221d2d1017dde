import { queryOptions } from '@tanstack/react-query';
import {
  type ActivationState,
  ActivationStateSchema,
  DetailResponseSchema,
  type RegisterRequest,
  type SetPasswordRequest,
  TokenResponseSchema,
  VerifyCaptchaResponseSchema,
} from '@vigil/contracts';
import { API_V1_BASE, api } from './client';

/** Where the ALTCHA widget fetches its challenge (design.md section 5). */
export const CAPTCHA_CHALLENGE_URL = `${API_V1_BASE}/captcha/challenge/`;

/** POST verify-recaptcha/: whether the solved captcha is valid; it is not used up. */
export async function verifyCaptcha(token: string): Promise<boolean> {
  const { success } = await api.post('verify-recaptcha/', {
    body: { token },
    parse: VerifyCaptchaResponseSchema.parse,
  });
  return success;
}

/** POST register-for-demo/: 'Registered successfully'; the captcha is used up. */
export async function registerForDemo(body: RegisterRequest): Promise<string> {
  const { detail } = await api.post('register-for-demo/', { body, parse: DetailResponseSchema.parse });
  return detail;
}

/** Query keys of activation links. */
export const activationKeys = {
  state: (activationKey: string) => ['activation', activationKey] as const,
};

/** Where an activation link stands; a bad link is not asked again, and the page sets the next stage itself. */
export function activationStateQuery(activationKey: string) {
  return queryOptions({
    queryKey: activationKeys.state(activationKey),
    queryFn: ({ signal }) => getActivationState(activationKey, signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

function keyPath(key: string): string {
  return encodeURIComponent(key);
}

/** GET users/activation/get-state/{key}: stage 0 (terms) or 1 (password). */
export function getActivationState(key: string, signal?: AbortSignal): Promise<ActivationState> {
  return api.get(`users/activation/get-state/${keyPath(key)}`, {
    parse: ActivationStateSchema.parse,
    signal,
  });
}

/** POST users/activation/accept-terms/{key}/. */
export function acceptTerms(key: string): Promise<ActivationState> {
  return api.post(`users/activation/accept-terms/${keyPath(key)}/`, { parse: ActivationStateSchema.parse });
}

/** POST users/activation/set-password/{key}/: 201 with a session token. */
export async function setPasswordWithKey(key: string, body: SetPasswordRequest): Promise<string> {
  const { token } = await api.post(`users/activation/set-password/${keyPath(key)}/`, {
    body,
    parse: TokenResponseSchema.parse,
  });
  return token;
}
