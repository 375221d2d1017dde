import { CAPTCHA_MESSAGES, REGISTER_MESSAGES } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_STATUS } from '../../../api/api-error';
import { registerFailureStatus } from './register-outcome';

describe('registerFailureStatus', () => {
  it('warns that the e-mail is already registered', () => {
    const error = new ApiError(400, { email: [REGISTER_MESSAGES.emailTaken] });
    expect(registerFailureStatus(error)).toEqual({ type: 'warning', text: REGISTER_MESSAGES.emailTaken });
  });

  it('shows another message of the server as an error', () => {
    const error = new ApiError(400, { captcha: [CAPTCHA_MESSAGES.failed] });
    expect(registerFailureStatus(error)).toEqual({ type: 'error', text: CAPTCHA_MESSAGES.failed });
  });

  it('blames the network for anything else', () => {
    for (const error of [new ApiError(NETWORK_ERROR_STATUS, null), new ApiError(500, null), new Error('x')]) {
      expect(registerFailureStatus(error)).toEqual({ type: 'error', text: REGISTER_MESSAGES.failed });
    }
  });
});
