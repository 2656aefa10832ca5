import { QueryClient } from '@tanstack/react-query';
import type { Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SlipListResponse } from '../../../contract/deposit';
import { setToken } from '../auth-token';
import { POLL_MS, startMemberEvents } from './member-events';

/** A socket.io client stand-in: the test says when it connects, what the server answers to the join, and what it sends. */
function fakeSocket(joinAnswer: { message: string }) {
  const handlers = new Map<string, (...args: unknown[]) => void>();
  const emitted: unknown[][] = [];
  const socket = {
    active: true,
    on: (name: string, handler: (...args: unknown[]) => void) => (handlers.set(name, handler), socket),
    emit: (...args: unknown[]) => {
      emitted.push(args);
      (args[2] as (a: unknown) => void)(joinAnswer);
      return socket;
    },
    connect: () => socket,
    disconnect: () => socket,
  };
  const fire = (name: string, ...args: unknown[]) => handlers.get(name)?.(...args);
  return { socket: socket as unknown as Socket, emitted, fire };
}

describe('the member events client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setToken('member-token', true, '0812345678');
  });
  afterEach(() => vi.useRealTimers());

  it('joins with the token and applies what the server tells', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<SlipListResponse>(['slips', 1], {
      total: 1,
      slips: [{ createdAt: '2026-11-22T05:00:00.000Z', amount: 0, status: 'PROCESSING', note: null, link: true, reference: 'SL1' }],
    });
    const { socket, emitted, fire } = fakeSocket({ message: 'SUCCESS' });
    const stop = startMemberEvents(queryClient, { socket: () => socket, visible: () => true });
    fire('connect');
    expect(emitted[0]?.slice(0, 2)).toEqual(['member-join', { token: 'member-token' }]);
    fire('member', { kind: 'slip', reference: 'SL1', status: 'SUCCESS', note: null, amount: 150.25 });
    expect(queryClient.getQueryData<SlipListResponse>(['slips', 1])?.slips[0]).toMatchObject({ status: 'SUCCESS', amount: 150.25 });
    stop();
  });

  it('polls while the channel is down and a slip is being checked, only while the page is visible', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<SlipListResponse>(['slips', 1], {
      total: 1,
      slips: [{ createdAt: '2026-11-22T05:00:00.000Z', amount: 0, status: 'PROCESSING', note: null, link: true, reference: 'SL1' }],
    });
    const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
    let visible = false;
    const { socket, fire } = fakeSocket({ message: 'SUCCESS' });
    const stop = startMemberEvents(queryClient, { socket: () => socket, visible: () => visible });
    vi.advanceTimersByTime(POLL_MS * 3);
    expect(invalidated).not.toHaveBeenCalled();
    visible = true;
    vi.advanceTimersByTime(POLL_MS);
    expect(invalidated.mock.calls.map(([f]) => f?.queryKey)).toContainEqual(['slips']);
    // joined: the events bring the changes, no polling
    fire('connect');
    invalidated.mockClear();
    vi.advanceTimersByTime(POLL_MS * 3);
    expect(invalidated).not.toHaveBeenCalled();
    stop();
  });
});
