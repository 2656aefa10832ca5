import type { QueryClient } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';
import { MEMBER_EVENT, MEMBER_JOIN, type MemberEvent } from '../../../contract/member-events';
import { reactTo } from '../api';
import { getToken } from '../auth-token';
import { applyMemberEvent, catchUp, MEMBER_EVENT_DOM, somethingPending } from './live-cache';

/** socket.io reconnects after 500 ms-5 s; a socket it gave up on is started again on this check. */
const RECHECK_MS = 5_000;
/** While the channel is down and something is pending: how often it is asked for (only while the page is visible). */
export const POLL_MS = 5_000;

export interface MemberEventsDeps {
  socket?: () => Pick<Socket, 'on' | 'emit' | 'connect' | 'disconnect' | 'active'>;
  visible?: () => boolean;
}

/**
 * The signed-in member's live events (contract/member-events.ts): its own socket (not the chat's),
 * joined with the member's token; each event updates the query cache (live-cache.ts). While the socket
 * is not joined and something is pending it polls, only while the page is visible. Started by the
 * signed-in shell after first paint; answers how to stop.
 */
export function startMemberEvents(queryClient: QueryClient, deps: MemberEventsDeps = {}): () => void {
  const visible = deps.visible ?? (() => document.visibilityState === 'visible');
  let joined = false;
  const socket =
    deps.socket?.() ?? io({ path: '/socket.io', autoConnect: false, forceNew: true, reconnectionDelay: 500, reconnectionDelayMax: 5_000 });
  socket.on('connect', () => {
    socket.emit(MEMBER_JOIN, { token: getToken() ?? '' }, (answer: { message?: string; detail?: string } | undefined) => {
      if (answer?.message === 'SUCCESS') {
        // what changed while the socket was down
        if (!joined) catchUp(queryClient);
        joined = true;
      } else if (answer?.message === 'invalid-token' || answer?.message === 'gone') reactTo(answer.message, answer.detail);
    });
  });
  socket.on('disconnect', () => (joined = false));
  socket.on(MEMBER_EVENT, (event: MemberEvent) => {
    if (event && typeof event === 'object' && typeof event.kind === 'string') {
      applyMemberEvent(queryClient, event);
      // for the screens that tell of it besides the cache ("while you were away": seen while the app is open)
      window.dispatchEvent(new CustomEvent<MemberEvent>(MEMBER_EVENT_DOM, { detail: event }));
    }
  });
  socket.connect();

  const recheck = setInterval(() => {
    if (!socket.active && navigator.onLine !== false) socket.connect();
  }, RECHECK_MS);
  const poll = setInterval(() => {
    if (!joined && visible() && somethingPending(queryClient)) catchUp(queryClient);
  }, POLL_MS);
  return () => {
    clearInterval(recheck);
    clearInterval(poll);
    socket.disconnect();
  };
}
