import { REGISTER_MESSAGES } from '@vigil/contracts';
import { ApiError } from '../../../api/api-error';

export type RegisterStatus = { type: 'success' | 'warning' | 'error'; text: string };

/**
 * What a failed registration shows (A section 8): a taken e-mail is a warning; another message from the
 * server is shown as an error; anything else reads 'already registered or problems with network'.
 */
export function registerFailureStatus(error: unknown): RegisterStatus {
  if (!(error instanceof ApiError)) {
    return { type: 'error', text: REGISTER_MESSAGES.failed };
  }
  if (error.status === 400 && error.fields.email !== undefined) {
    return { type: 'warning', text: error.fields.email[0] ?? REGISTER_MESSAGES.emailTaken };
  }
  if (error.status === 400 && error.hasServerMessage) {
    return { type: 'error', text: error.message };
  }
  return { type: 'error', text: REGISTER_MESSAGES.failed };
}
