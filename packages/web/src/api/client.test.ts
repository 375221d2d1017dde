import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../auth/session-storage';
import { ApiError } from './api-error';
import { api, buildUrl, ignoreBody, onUnauthorized } from './client';

function answer(status: number, body: unknown): Response {
  return new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clearSession();
});

describe('buildUrl', () => {
  it('joins the base and path and drops empty parameters', () => {
    expect(buildUrl('/api/v1', 'clients/', { q: '', limit: 20, offset: 0, search: null })).toBe(
      '/api/v1/clients/?limit=20&offset=0',
    );
    expect(buildUrl('/api/v1', '/me/')).toBe('/api/v1/me/');
  });
});

describe('api client', () => {
  it('sends JSON with the stored token in the JWT scheme', async () => {
    sessionStore.setToken('t0k');
    const fetchMock = stubFetch(answer(200, { ok: true }));
    const data = await api.post('feedback/', { body: { about: 'Issue' }, parse: (value) => value });
    expect(data).toEqual({ ok: true });
    const init = fetchMock.mock.calls[0]?.[1];
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('JWT t0k');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"about":"Issue"}');
  });

  it('sends a FormData body as it is, leaving its multipart Content-Type to fetch', async () => {
    const fetchMock = stubFetch(answer(200, { ok: true }));
    const form = new FormData();
    form.append('file', new Blob(['a,b\n']), 'names.csv');
    await api.post('devices/1/settings/import/sensor-names/', { body: form, parse: ignoreBody });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).get('Content-Type')).toBeNull();
  });

  it('throws an ApiError with the first message of a 400 body', async () => {
    stubFetch(answer(400, { non_field_errors: ['Wrong email or password.'] }));
    const call = api.post('accounts/login-jwt/', { body: {}, parse: ignoreBody });
    await expect(call).rejects.toMatchObject({ status: 400, message: 'Wrong email or password.' });
    expect(sessionStore.getErrorMessage()).toBe('Wrong email or password.');
  });

  it('ends the session and notifies listeners on a 401', async () => {
    sessionStore.setToken('expired');
    sessionStore.setCurrentClient({ id: 3, company: 'Mill' });
    const listener = vi.fn();
    const unsubscribe = onUnauthorized(listener);
    stubFetch(answer(401, { detail: 'Invalid or expired token.' }));
    await expect(api.get('me/', { parse: ignoreBody })).rejects.toBeInstanceOf(ApiError);
    unsubscribe();
    expect(listener).toHaveBeenCalledOnce();
    expect(sessionStore.getToken()).toBeNull();
    expect(sessionStore.getCurrentClient()).toBeNull();
  });

  it('reports an unreachable server as a connection problem', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('fetch failed');
      }),
    );
    await expect(api.get('me/', { parse: ignoreBody })).rejects.toMatchObject({
      status: 0,
      message: 'Server connection problem',
    });
  });
});
