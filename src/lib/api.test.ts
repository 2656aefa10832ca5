import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../tests/render';
import { api, ApiError, setApiReactions } from './api';
import { ownTask } from './own-task';
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

  it("sends a screen's GETs each in a task after the one that asked, in the order asked; a POST at once", async () => {
    let sentWithA: string[] = [];
    const calls = fakeServer({
      'GET /api/a': () => {
        // what has been sent when the task that sent /api/a ends (its microtasks run before the next task)
        queueMicrotask(() => (sentWithA = calls.map((c) => c.url)));
        return [200, 'a'];
      },
      'GET /api/b': () => [200, 'b'],
      'POST /api/p': () => [200, 'p'],
    });
    const asked = Promise.all([api('/api/a'), api('/api/b'), api('/api/p', { body: {} })]);
    expect(calls.map((c) => c.url)).toEqual(['/api/p']);
    await ownTask();
    expect(sentWithA).toEqual(['/api/p', '/api/a']);
    expect(calls.map((c) => c.url)).toEqual(['/api/p', '/api/a', '/api/b']);
    expect(await asked).toEqual(['a', 'b', 'p']);
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

  it('says why when the server ended the session because staff disabled the member', async () => {
    setToken('tok', false);
    fakeServer({ 'GET /api/x': () => [401, { message: 'invalid-token', detail: 'INACTIVE_USER' }] });
    await expect(api('/api/x')).rejects.toMatchObject({ code: 'invalid-token' });
    expect(reactions.onInvalidToken).toHaveBeenCalledWith('disabled');
    expect(getToken()).toBeNull();
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

  describe('503 SERVICE_UNAVAILABLE (the server lost its database for a moment)', () => {
    afterEach(() => vi.useRealTimers());
    /** The answers in turn: 503 SERVICE_UNAVAILABLE `unavailable` times, then 200. */
    const flaky = (method: string, unavailable: number) => {
      let left = unavailable;
      return fakeServer({
        [`${method} /api/x`]: () => (left-- > 0 ? [503, { message: 'SERVICE_UNAVAILABLE' }] : [200, { ok: 1 }]),
      });
    };
    const settle = async <T>(call: Promise<T>) => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const result = call.then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
      // a GET is sent a task after it is asked: sent, its retry's pause is a timer to run
      await ownTask();
      await vi.runAllTimersAsync();
      return result;
    };

    it('tries a GET again after a pause, twice, before it shows the error', async () => {
      const calls = flaky('GET', 2);
      expect(await settle(api('/api/x'))).toEqual({ value: { ok: 1 } });
      expect(calls).toHaveLength(3);
      const failing = flaky('GET', 3);
      expect(await settle(api('/api/x'))).toEqual({ error: new ApiError('SERVICE_UNAVAILABLE', 503) });
      expect(failing).toHaveLength(3);
    });

    it('tries a POST again only with its Idempotency-Key, the same one each time', async () => {
      const keyed = flaky('POST', 1);
      expect(await settle(api('/api/x', { body: { a: 1 }, idempotencyKey: 'key-12345678' }))).toEqual({ value: { ok: 1 } });
      expect(keyed.map((c) => c.headers['Idempotency-Key'])).toEqual(['key-12345678', 'key-12345678']);
      const bare = flaky('POST', 1);
      expect(await settle(api('/api/x', { body: { a: 1 } }))).toEqual({ error: new ApiError('SERVICE_UNAVAILABLE', 503) });
      expect(bare).toHaveLength(1);
    });
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
