import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { clearToken, setToken } from '../../lib/auth-token';
import { ANSWER_UNKNOWN, checkTiming, useMoneySubmission } from './money-submission';

type Outcome = 'ok' | 'NETWORK_ERROR' | 'TIMEOUT' | 'INSUFFICIENT_BALANCE' | Promise<'ok'> | ApiError;

/** One screen's hook (a new one is a reload or a dialog opened again), and every key its calls carried. */
function setup(outcomes: Outcome[], keys: string[] = [], action = 'wallet/transfer', hook = useMoneySubmission) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
  const call = vi.fn(async (_amount: number, key: string) => {
    keys.push(key);
    const outcome = await (outcomes[keys.length - 1] ?? 'ok');
    if (outcome instanceof ApiError) throw outcome;
    if (outcome !== 'ok') throw new Error(outcome);
    return { ok: true };
  });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const { result, unmount } = renderHook(() => hook(action, call, [['wallet'], ['statement']]), { wrapper });
  const errors: string[] = [];
  const submit = async (amount = 100) => {
    await act(async () => {
      await result.current.mutateAsync(amount).catch((err: Error) => errors.push(err.message));
    });
    await waitFor(() => expect(result.current.isPending).toBe(false));
  };
  return { keys, submit, invalidated, unmount, result, errors };
}

/** Counts the asks named (each submission's hash of what it asks, which a second tap joins the first by). */
function countAsksNamed() {
  const digest = crypto.subtle.digest.bind(crypto.subtle);
  let named = 0;
  const spy = vi.spyOn(crypto.subtle, 'digest').mockImplementation(async (...args) => {
    const hash = await digest(...args);
    named += 1;
    return hash;
  });
  return { named: () => named, restore: () => spy.mockRestore() };
}

const DEFAULT_CHECKS = checkTiming.delaysMs;
afterEach(() => {
  clearToken();
  checkTiming.delaysMs = DEFAULT_CHECKS;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});
/** The tests ask again at once: what is tested is what is asked and with which key, not how long it waits. */
const checks = (n: number) => (checkTiming.delaysMs = Array.from({ length: n }, () => 0));

describe('a money submission', () => {
  it('asks a lost answer again with the same key until it is known, and starts a new submission after an answer', async () => {
    checks(5);
    const { keys, submit, errors, result } = setup(['NETWORK_ERROR', 'TIMEOUT', 'ok', 'INSUFFICIENT_BALANCE', 'ok']);
    await submit(); // lost, lost, then the server's answer to the first try
    expect(errors).toEqual([]);
    // (checked within the one submission: not an earlier one's)
    expect(result.current.earlier.current).toBe(false);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    await submit(); // a new submission: refused
    expect(errors).toEqual(['INSUFFICIENT_BALANCE']);
    await submit(); // and another
    expect(keys[3]).not.toBe(keys[0]);
    expect(keys[4]).not.toBe(keys[3]);
    expect(new Set(keys).size).toBe(3);
  });

  it('says it is checking while it asks a lost answer again, not "no connection", and then what happened', async () => {
    checks(5);
    let answer!: (ok: 'ok') => void;
    const later = new Promise<'ok'>((resolve) => (answer = resolve));
    const { result, keys } = setup(['NETWORK_ERROR', later]);
    let done: Promise<unknown>;
    act(() => {
      done = result.current.mutateAsync(100);
    });
    await waitFor(() => expect(result.current.checking).toBe(true));
    expect(result.current.isError).toBe(false);
    await act(async () => {
      answer('ok');
      await done;
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.checking).toBe(false);
    expect(keys).toEqual([keys[0], keys[0]]);
  });

  it('offline, waits for the connection to check (the wait does not use up the checks)', async () => {
    checks(1);
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    const { result, keys } = setup(['NETWORK_ERROR', 'ok']);
    let done: Promise<unknown>;
    act(() => {
      done = result.current.mutateAsync(100);
    });
    await waitFor(() => expect(result.current.checking).toBe(true));
    expect(keys).toHaveLength(1);
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await done;
    });
    expect(keys).toEqual([keys[0], keys[0]]);
    expect(result.current.isSuccess).toBe(true);
  });

  it('a dialog opened again while its earlier ask is checking says it is checking, and ends with that answer', async () => {
    checks(1);
    setToken('token-a', true, '0811111111');
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    const keys: string[] = [];
    const first = setup(['NETWORK_ERROR', 'ok'], keys);
    act(() => void first.result.current.mutateAsync(140).catch(() => undefined));
    await waitFor(() => expect(first.result.current.checking).toBe(true));
    first.unmount();
    const again = setup([], keys);
    let done!: Promise<unknown>;
    act(() => void (done = again.result.current.mutateAsync(140)));
    await waitFor(() => expect(again.result.current.checking).toBe(true));
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      expect(await done).toEqual({ ok: true });
    });
    expect(keys).toEqual([keys[0], keys[0]]);
    await waitFor(() => expect(again.result.current.checking).toBe(false));
  });

  it('keeps the key on the device when the checks run out: a reload asking the same again carries it', async () => {
    checks(1);
    setToken('token-a', true, '0812345678');
    const keys: string[] = [];
    const first = setup(['NETWORK_ERROR', 'TIMEOUT'], keys);
    await first.submit(250);
    expect(first.errors).toEqual([ANSWER_UNKNOWN]);
    first.unmount();
    // the page reloaded: the module anew, nothing in memory; the same 250 is the same submission
    vi.resetModules();
    const reloaded = (await import('./money-submission')).useMoneySubmission;
    const again = setup(['NETWORK_ERROR', 'TIMEOUT', 'ok', 'ok'], keys, 'wallet/transfer', reloaded);
    await again.submit(250);
    expect(new Set(keys.slice(0, 3)).size).toBe(1);
    // its answer is the earlier ask's, and the screen can say so
    expect(again.errors).toEqual([]);
    expect(again.result.current.earlier.current).toBe(true);
    // another amount is another submission
    await again.submit(300);
    expect(keys[3]).not.toBe(keys[0]);
    expect(again.result.current.earlier.current).toBe(false);
  });

  for (const [code, status] of [
    ['INTERNAL_SERVER_ERROR', 500],
    ['HTTP_502', 502], // a proxy's page
    ['REQUEST_LIMIT_1MIN', 429],
  ] as const) {
    it(`after a lost answer, a check answered ${status} ${code} is no answer: it checks on with the same key`, async () => {
      checks(5);
      setToken('token-a', true, '0812345678');
      const { keys, submit, errors } = setup(['NETWORK_ERROR', new ApiError(code, status), 'ok']);
      await submit(100);
      expect(errors).toEqual([]);
      expect(keys).toEqual([keys[0], keys[0], keys[0]]);
    });
  }

  it('says a transfer in transit is on its way, and keeps its key: asking the same again is answered by it, never a second move', async () => {
    checks(5);
    setToken('token-a', true, '0812345678');
    const keys: string[] = [];
    // on a first try (the provider did not answer in time), and on a check after a lost answer
    for (const outcomes of [
      [new ApiError('TRANSFER_PENDING', 409)],
      ['NETWORK_ERROR', new ApiError('TRANSFER_PENDING', 409)],
    ] as Outcome[][]) {
      keys.length = 0;
      const first = setup(outcomes, keys, 'wallet/transfer');
      await first.submit(outcomes.length * 100);
      expect(first.errors).toEqual(['TRANSFER_PENDING']);
      const again = setup([...outcomes.map(() => 'ok' as const), 'ok'], keys);
      await again.submit(outcomes.length * 100);
      expect(new Set(keys).size).toBe(1);
    }
  });

  it('keeps the key when the checks run out: the same ask later carries it', async () => {
    checks(2);
    setToken('token-a', true, '0812345678');
    const keys: string[] = [];
    const first = setup(['NETWORK_ERROR', 'TIMEOUT', new ApiError('SERVICE_UNAVAILABLE', 503)], keys);
    await first.submit(100);
    expect(first.errors).toEqual([ANSWER_UNKNOWN]);
    const again = setup(['ok'], keys);
    await again.submit(100);
    expect(keys[3]).toBe(keys[0]);
  });

  it('drops a key kept without its answer after 12 hours, in a page left open too', async () => {
    checks(0);
    setToken('token-a', true, '0812345678');
    const keys: string[] = [];
    const first = setup(['NETWORK_ERROR'], keys);
    await first.submit(500);
    expect(first.errors).toEqual([ANSWER_UNKNOWN]);
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 13 * 3_600_000);
    try {
      const later = setup(['ok'], keys);
      await later.submit(500);
      expect(keys[1]).not.toBe(keys[0]);
    } finally {
      clock.mockRestore();
    }
  });

  it('a wait for the connection does not use up a check', async () => {
    checks(1);
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    const { result, keys } = setup(['NETWORK_ERROR', 'NETWORK_ERROR', 'ok']);
    let done!: Promise<unknown>;
    act(() => {
      done = result.current.mutateAsync(100);
    });
    await waitFor(() => expect(result.current.checking).toBe(true));
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await done;
    });
    expect(keys).toEqual([keys[0], keys[0], keys[0]]);
    expect(result.current.isSuccess).toBe(true);
  });

  it('keeps the key when the session ends while it checks: the member signed in again asks it once more', async () => {
    checks(3);
    setToken('token-a', true, '0812345678');
    const keys: string[] = [];
    const first = setup(['NETWORK_ERROR', new ApiError('invalid-token', 401)], keys);
    await first.submit(70);
    expect(first.errors).toEqual(['invalid-token']);
    const again = setup(['ok'], keys);
    await again.submit(70);
    expect(keys[2]).toBe(keys[0]);
  });

  it('sends two taps at once as one call, both answered by it, and another member on the device a key of their own', async () => {
    checks(0);
    setToken('token-a', true, '0811111111');
    // (a second call with the key would meet the first still running: TRANSFER_PENDING, shown over its success)
    let answer!: (outcome: 'ok') => void;
    const { keys, result } = setup([new Promise<'ok'>((resolve) => (answer = resolve)), new ApiError('TRANSFER_PENDING', 409)]);
    let both!: Promise<unknown[]>;
    const asks = countAsksNamed();
    act(() => void (both = Promise.all([result.current.mutateAsync(120), result.current.mutateAsync(120)])));
    await waitFor(() => expect(keys).toHaveLength(1));
    await waitFor(() => expect(asks.named()).toBe(2));
    asks.restore();
    answer('ok');
    expect(await both).toEqual([{ ok: true }, { ok: true }]);
    expect(keys).toHaveLength(1);
    setToken('token-b', true, '0822222222');
    const other = setup(['ok'], [], 'wallet/transfer');
    await other.submit(120);
    expect(other.keys[0]).not.toBe(keys[0]);
  });

  it('a dialog closed while its ask was still checking, opened again and asked the same: one key, answered as that earlier ask', async () => {
    checks(0);
    setToken('token-a', true, '0811111111');
    const keys: string[] = [];
    // the first dialog's ask is on its way (its answer not yet known) when it is closed
    let answerFirst!: (outcome: 'ok') => void;
    const first = setup([new Promise<'ok'>((resolve) => (answerFirst = resolve))], keys);
    let firstDone!: Promise<unknown>;
    act(() => void (firstDone = first.result.current.mutateAsync(130).catch(() => undefined)));
    await waitFor(() => expect(keys).toHaveLength(1));
    first.unmount();
    // asked again while that ask is still on its way: it waits for its answer, sending nothing of its own
    // (the first is answered once the second has named its ask, the hash it joins the first by)
    const asks = countAsksNamed();
    const again = setup([new ApiError('TRANSFER_PENDING', 409)], keys);
    let secondDone!: Promise<unknown>;
    act(() => void (secondDone = again.result.current.mutateAsync(130)));
    await waitFor(() => expect(asks.named()).toBe(1));
    asks.restore();
    answerFirst('ok');
    await firstDone;
    expect(await secondDone).toEqual({ ok: true });
    expect(keys).toHaveLength(1);
    await waitFor(() => expect(again.result.current.isPending).toBe(false));
    expect(again.result.current.earlier.current).toBe(true);
    // the answer is known: the same ask now is a new one
    await again.submit(130);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('asks the money screens again whatever the outcome (a lost answer may have moved the money)', async () => {
    checks(0);
    const { submit, invalidated } = setup(['NETWORK_ERROR']);
    await submit(77);
    expect(invalidated.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['wallet'], ['statement']]);
  });
});
