import { useQueryClient } from '@tanstack/react-query';
import { lazy, useEffect } from 'react';
import { useSupportReplies } from '../features/chat/support-replies';
import { MemberShell, type ShellParts } from '../features/site/member-shell';

/** The signed-in shell's parts from other features (the '-' keeps this file out of the route tree). */
export const shellParts: ShellParts = {
  useSupportReplies,
  // the slip outbox (and its code) loads after the shell has painted
  startSlipOutbox: () => void import('../features/deposit/slip-outbox').then(({ slipOutbox }) => slipOutbox.start()),
  WaitingOnDevice: lazy(() => import('../features/deposit/waiting-on-device')),
};

/**
 * The member's live events (balances, slip and QR results, support replies): their socket and code load
 * after the shell has painted, never with /login; they end with the shell (a sign-out).
 */
function useMemberEvents() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let ended = false;
    void import('../lib/member/member-events').then(({ startMemberEvents }) => {
      if (!ended) stop = startMemberEvents(queryClient);
    });
    return () => {
      ended = true;
      stop?.();
    };
  }, [queryClient]);
}

/** §2 the signed-in shell with the chat's and the deposit slips' background parts, and the live member events. */
export function UserShell() {
  useMemberEvents();
  return <MemberShell parts={shellParts} />;
}
