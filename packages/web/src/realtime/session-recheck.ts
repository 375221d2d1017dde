import { getMe } from '../api/accounts';
import { ApiError, NETWORK_ERROR_STATUS } from '../api/api-error';

/**
 * After a socket's 4401, asks me/ again and answers whether to retry: a 401 there runs the API client's normal
 * sign-out path (session cleared, back to '/'), a two-factor gate its own path; no answer at all means the
 * server may be restarting, so the socket keeps trying.
 */
export async function recheckSession(): Promise<boolean> {
  try {
    await getMe();
    return true;
  } catch (error) {
    return error instanceof ApiError && error.status === NETWORK_ERROR_STATUS;
  }
}
