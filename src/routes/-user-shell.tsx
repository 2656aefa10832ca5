import { useSupportReplies } from '../features/chat/support-replies';
import { MemberShell, type ShellParts } from '../features/site/member-shell';

/** The signed-in shell's parts from other features (the '-' keeps this file out of the route tree). */
export const shellParts: ShellParts = {
  useSupportReplies,
  // the slip outbox (and its code) loads after the shell has painted
  startSlipOutbox: () => void import('../features/deposit/slip-outbox').then(({ slipOutbox }) => slipOutbox.start()),
};

/** §2 the signed-in shell with the chat's and the deposit slips' background parts. */
export function UserShell() {
  return <MemberShell parts={shellParts} />;
}
