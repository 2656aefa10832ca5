import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useMoneySubmission } from './money-submission';

function setup(outcomes: Array<'ok' | 'NETWORK_ERROR' | 'TIMEOUT' | 'INSUFFICIENT_BALANCE'>) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
  const keys: string[] = [];
  const call = vi.fn(async (_amount: number, key: string) => {
    keys.push(key);
    const outcome = outcomes[keys.length - 1];
    if (outcome !== 'ok') throw new Error(outcome);
    return { ok: true };
  });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useMoneySubmission(call, [['wallet'], ['statement']]), { wrapper });
  const submit = async () => {
    await act(async () => {
      await result.current.mutateAsync(100).catch(() => undefined);
    });
    await waitFor(() => expect(result.current.isPending).toBe(false));
  };
  return { keys, submit, invalidated };
}

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

  it('asks the money screens again whatever the outcome (a lost answer may have moved the money)', async () => {
    const { submit, invalidated } = setup(['NETWORK_ERROR']);
    await submit();
    expect(invalidated.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['wallet'], ['statement']]);
  });
});
