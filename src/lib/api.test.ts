import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../tests/render';
import { api, ApiError, setApiReactions } from './api';
import { getToken, setToken } from './auth-token';

describe('the API client', () => {
  const reactions = { onGone: vi.fn(), onInvalidToken: vi.fn() };
  setApiReactions(reactions);
  afterEach(() => vi.clearAllMocks());

  it('sends the marker header, the bearer token and JSON', async () => {
    setToken('tok-1', true);
    const calls = fakeServer({ 'POST /api/x': () => [200, { ok: 1 }] });
    expect(await api('/api/x', { body: { a: 1 } })).toEqual({ ok: 1 });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      body: { a: 1 },
      headers: { 'X-Wallet-Client': 'member', Authorization: 'Bearer tok-1', 'Content-Type': 'application/json' },
    });
  });

  it('turns an error body into its code', async () => {
    fakeServer({ 'GET /api/x': () => [409, { message: 'EXISTING_USER' }] });
    await expect(api('/api/x')).rejects.toEqual(new ApiError('EXISTING_USER', 409));
    expect(reactions.onGone).not.toHaveBeenCalled();
  });

  it("sends 'gone' to /terminated", async () => {
    fakeServer({ 'GET /api/x': () => [410, { message: 'gone' }] });
    await expect(api('/api/x')).rejects.toMatchObject({ code: 'gone' });
    expect(reactions.onGone).toHaveBeenCalledOnce();
  });

  it("drops the token and goes to /login on 'invalid-token' or the Thai identity message", async () => {
    for (const text of ['invalid-token', 'ไม่สามารถยืนยันตัวตนได้']) {
      setToken('tok', false);
      fakeServer({ 'GET /api/x': () => [401, { message: text }] });
      await expect(api('/api/x')).rejects.toMatchObject({ code: 'invalid-token' });
      expect(getToken()).toBeNull();
    }
    expect(reactions.onInvalidToken).toHaveBeenCalledTimes(2);
  });

  it('leaves the reactions to the caller when asked', async () => {
    setToken('tok', true);
    fakeServer({ 'GET /api/x': () => [401, { message: 'invalid-token' }] });
    await expect(api('/api/x', { react: false })).rejects.toMatchObject({ code: 'invalid-token' });
    expect(reactions.onInvalidToken).not.toHaveBeenCalled();
    expect(getToken()).toBe('tok');
  });

  it('reports a lost connection and a timeout as their own codes', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api('/api/x')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    await expect(api('/api/x', { timeoutMs: 20 })).rejects.toMatchObject({ code: 'TIMEOUT' });
  });

  it('maps a 5xx without a JSON body to INTERNAL_SERVER_ERROR', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>bad gateway</html>', { status: 502 })),
    );
    await expect(api('/api/x')).rejects.toMatchObject({ code: 'INTERNAL_SERVER_ERROR', status: 502 });
  });
});

describe('token storage (§4)', () => {
  it('keeps the token in localStorage with remember, in sessionStorage without', () => {
    setToken('a', true);
    expect([localStorage.getItem('token'), sessionStorage.getItem('token')]).toEqual(['a', null]);
    setToken('b', false);
    expect([localStorage.getItem('token'), sessionStorage.getItem('token')]).toEqual([null, 'b']);
    expect(getToken()).toBe('b');
  });
});
