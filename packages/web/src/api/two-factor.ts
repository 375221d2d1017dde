import {
  DetailResponseSchema,
  type RetrieveCodeResponse,
  RetrieveCodeResponseSchema,
} from '@vigil/contracts';
import { api } from './client';

async function postForDetail(path: string, body?: unknown): Promise<string> {
  const { detail } = await api.post(path, { body, parse: DetailResponseSchema.parse });
  return detail;
}

/** POST 2fa/setup_2fa/: a new pending secret; answers 'Device registered, please verify ...'. */
export function setupTwoFactor(): Promise<string> {
  return postForDetail('2fa/setup_2fa/');
}

/** GET 2fa/retrieve-code/: the QR code, otpauth link and secret of the pending setup. */
export function retrieveCode(): Promise<RetrieveCodeResponse> {
  return api.get('2fa/retrieve-code/', { parse: RetrieveCodeResponseSchema.parse });
}

/** POST 2fa/verify_2fa/: confirms the device the first time, verifies this session afterwards. */
export function verifyTwoFactor(token: string): Promise<string> {
  return postForDetail('2fa/verify_2fa/', { token });
}

/** POST 2fa/disable-2FA/: removes the signed-in user's own device. */
export function disableTwoFactor(): Promise<string> {
  return postForDetail('2fa/disable-2FA/');
}

/** POST 2fa/disable_2FA_via_id/{id}/: removes an assigned user's device (accounts management, staff). */
export function disableTwoFactorOf(userId: number): Promise<string> {
  return postForDetail(`2fa/disable_2FA_via_id/${userId}/`);
}
