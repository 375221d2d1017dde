import {
  DetailResponseSchema,
  type LoginRequest,
  type Me,
  MeSchema,
  type TokenResponse,
  TokenResponseSchema,
} from '@vigil/contracts';
import { isNotFound } from './api-error';
import { api } from './client';

/** Query key of the signed-in user (me/); invalidated whenever the current client, site or device may change. */
export const meKeys = { all: ['me'] as const };

/** POST accounts/login-jwt/: exchanges credentials for a session token. */
export function login(credentials: LoginRequest): Promise<TokenResponse> {
  return api.post('accounts/login-jwt/', { body: credentials, parse: TokenResponseSchema.parse });
}

/** POST accounts/logout/: revokes the session on the server. */
export async function logout(): Promise<string> {
  const { detail } = await api.post('accounts/logout/', { parse: DetailResponseSchema.parse });
  return detail;
}

/** GET me/: the signed-in user with roles and the current client, site and device. */
export function getMe(signal?: AbortSignal): Promise<Me> {
  return api.get('me/', { parse: MeSchema.parse, signal });
}

/** POST accounts/password/reset/: e-mails a reset link; answers the server's message. */
export async function requestPasswordReset(email: string): Promise<string> {
  const { detail } = await api.post('accounts/password/reset/', {
    body: { email },
    parse: DetailResponseSchema.parse,
  });
  return detail;
}

/** The old server answered the flag as the text 'True'; accept both forms. */
function parseIs2faRequired(data: unknown): boolean {
  if (typeof data !== 'object' || data === null || !('is_2fa_required' in data)) {
    return false;
  }
  const flag = data.is_2fa_required;
  return flag === true || flag === 'True' || flag === 'true';
}

/** GET 2fa/is_2fa_required/: whether the user's client demands two-factor; false while the call is missing. */
export async function getIs2faRequired(): Promise<boolean> {
  try {
    return await api.get('2fa/is_2fa_required/', { parse: parseIs2faRequired });
  } catch (error) {
    if (isNotFound(error)) {
      return false;
    }
    throw error;
  }
}
