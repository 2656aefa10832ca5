import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../../lib/auth-token';
import { useMoneySubmission } from './money-submission';

type Outcome = 'ok' | 'NETWORK_ERROR' | 'TIMEOUT' | 'INSUFFICIENT_BALANCE';

/** One screen's hook (a new one is a reload or a dialog opened again), and every key its calls carried. */
function setup(outcomes: Outcome[], keys: string[] = [], action = 'wallet/transfer', hook = useMoneySubmission) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
  const call = vi.fn(async (_amount: number, key: string) => {
    keys.push(key);
    const outcome = outcomes[keys.length - 1] ?? 'ok';
    if (outcome !== 'ok') throw new Error(outcome);
    return { ok: true };
  });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const { result, unmount } = renderHook(() => hook(action, call, [['wallet'], ['statement']]), { wrapper });
  const submit = async (amount = 100) => {
    await act(async () => {
      await result.current.mutateAsync(amount).catch(() => undefined);
    });
    await waitFor(() => expect(result.current.isPending).toBe(false));
  };
  return { keys, submit, invalidated, unmount, result };
}

afterEach(() => clearToken());

describe('a money submission', () => {
  it('retries a lost answer with the same key, and starts a new submission after an answer', async () => {
    const { keys, submit } = setup(['NETWORK_ERROR', 'TIMEOUT', 'ok', 'INSUFFICIENT_BALANCE', 'ok']);
    for (let i = 0; i < 5; i++) await submit();
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    expect(keys[3]).not.toBe(keys[2]);
    expect(keys[4]).not.toBe(keys[3]);
    expect(new Set(keys).size).toBe(3);
  });

  it('keeps the key on the device until the answer is known: a reload asking the same again carries it', async () => {
    setToken('token-a', true, '0812345678');
    const keys: string[] = [];
    const first = setup(['NETWORK_ERROR'], keys);
    await first.submit(250);
    first.unmount();
    // the page reloaded: the module anew, nothing in memory; the same 250 is the same submission
    vi.resetModules();
    const reloaded = (await import('./money-submission')).useMoneySubmission;
    const again = setup(['NETWORK_ERROR', 'ok', 'ok'], keys, 'wallet/transfer', reloaded);
    await again.submit(250);
    expect(keys[1]).toBe(keys[0]);
    // another amount is another submission
    await again.submit(300);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('gives two taps at once one key, and another member on the device a key of their own', async () => {
    setToken('token-a', true, '0811111111');
    const { keys, result } = setup(['NETWORK_ERROR', 'NETWORK_ERROR']);
    await act(async () => {
      await Promise.all([result.current.mutateAsync(120).catch(() => undefined), result.current.mutateAsync(120).catch(() => undefined)]);
    });
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    setToken('token-b', true, '0822222222');
    const other = setup(['ok'], [], 'wallet/transfer');
    await other.submit(120);
    expect(other.keys[0]).not.toBe(keys[0]);
  });

  it('asks the money screens again whatever the outcome (a lost answer may have moved the money)', async () => {
    const { submit, invalidated } = setup(['NETWORK_ERROR']);
    await submit(77);
    expect(invalidated.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['wallet'], ['statement']]);
  });
});
