import { COMMON_MESSAGES, LOGIN_MESSAGES } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, errorMessageOf, fieldErrorsOf, firstErrorMessage } from './api-error';

describe('firstErrorMessage', () => {
  it('prefers detail', () => {
    expect(firstErrorMessage({ detail: 'Invalid or expired token.' })).toBe('Invalid or expired token.');
  });

  it('takes the first field message of a 400 body', () => {
    const body = { non_field_errors: ['Wrong email or password.'], username: ['Other'] };
    expect(firstErrorMessage(body)).toBe('Wrong email or password.');
    expect(firstErrorMessage({ username: ['Please input your Email Or Username!'] })).toBe(
      'Please input your Email Or Username!',
    );
  });

  it('skips empty values and finds nested lists', () => {
    expect(firstErrorMessage({ email: [], title: [['Too long']] })).toBe('Too long');
    expect(firstErrorMessage({ detail: '', name: 'Required' })).toBe('Required');
  });

  it('answers null when the body has no text', () => {
    expect(firstErrorMessage(null)).toBeNull();
    expect(firstErrorMessage({})).toBeNull();
    expect(firstErrorMessage(42)).toBeNull();
  });
});

describe('fieldErrorsOf', () => {
  it('keeps string messages per field and leaves detail out', () => {
    expect(fieldErrorsOf({ detail: 'x', email: ['Bad', 3], phone: 'Required', empty: [] })).toEqual({
      email: ['Bad'],
      phone: ['Required'],
    });
  });
});

describe('ApiError', () => {
  it('carries the status, the server message and the fields', () => {
    const error = new ApiError(400, { non_field_errors: [LOGIN_MESSAGES.wrongCredentials] });
    expect(error.status).toBe(400);
    expect(error.message).toBe(LOGIN_MESSAGES.wrongCredentials);
    expect(error.fields).toEqual({ non_field_errors: [LOGIN_MESSAGES.wrongCredentials] });
    expect(error.hasServerMessage).toBe(true);
  });

  it('falls back to a message per status when the body is empty', () => {
    expect(new ApiError(404, null).message).toBe(COMMON_MESSAGES.notFound);
    expect(new ApiError(500, null).message).toBe(COMMON_MESSAGES.unexpected);
    expect(new ApiError(502, null).message).toBe(COMMON_MESSAGES.serverConnectionProblem);
    expect(new ApiError(0, null).message).toBe(COMMON_MESSAGES.serverConnectionProblem);
  });
});

describe('errorMessageOf', () => {
  it('shows the server text, the connection problem, or the fallback', () => {
    const fallback = LOGIN_MESSAGES.wrongCredentials;
    expect(errorMessageOf(new ApiError(429, { detail: 'Slow down' }), fallback)).toBe('Slow down');
    expect(errorMessageOf(new ApiError(0, null), fallback)).toBe(COMMON_MESSAGES.serverConnectionProblem);
    expect(errorMessageOf(new ApiError(503, null), fallback)).toBe(COMMON_MESSAGES.serverConnectionProblem);
    expect(errorMessageOf(new ApiError(500, null), fallback)).toBe(fallback);
    expect(errorMessageOf(new Error('boom'), fallback)).toBe(fallback);
  });
});
