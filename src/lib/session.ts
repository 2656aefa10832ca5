import type { QueryClient } from '@tanstack/react-query';
import { api, isApiError } from './api';
import { clearToken, getToken, setToken } from './auth-token';
import { isMemberQuery } from './query-client';
import { deleteKey } from './storage';

/** Drops everything that belongs to the member (wallet, statement, profile); lookups stay. The home's picture goes with the token (clearToken). */
export function forgetMemberData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: isMemberQuery });
}

/**
 * Signing out drops the saved chat conversation (what the next person at this device would read). What
 * the member sent that is still waiting (slips, chat messages) stays, tied to them: it goes when they
 * sign in here again, and never under anyone else's session (each outbox checks whose it is). The key is
 * written out so the sign-in page does not load the chat.
 */
function forgetSavedChat(): void {
  void deleteKey('chat:member');
}

/** Ends the session on the server (best effort: offline, the token is still dropped here). */
export async function signOut(queryClient: QueryClient): Promise<void> {
  if (getToken()) {
    // this device stops being told of the member's money (while the token still says whose)
    await import('./member/push').then((m) => m.forgetPushOnSignOut()).catch(() => undefined);
    await api('/api/logout', { method: 'POST', react: false }).catch(() => undefined);
  }
  clearToken();
  forgetMemberData(queryClient);
  forgetSavedChat();
}

let startedHere = false;
/** Whether a member signed in since this page loaded (the saved cache, restored after, brings back no member's data). */
export const sessionStartedHere = (): boolean => startedHere;

/** A new session starts clean: nothing a previous member left on this device is shown to this one. */
export function startSession(queryClient: QueryClient, token: string, remember: boolean, phone = ''): void {
  startedHere = true;
  forgetMemberData(queryClient);
  setToken(token, remember, phone);
  // a device told of another member's money before is now this member's (nothing when not subscribed)
  void import('./member/push').then((m) => m.refreshPushSubscription()).catch(() => undefined);
}

/**
 * §4 on the public pages: a stored token the server no longer accepts is dropped. True when the
 * member holds a token that is live, or cannot be checked right now (offline, slow): then the saved
 * signed-in screens serve them better than a sign-in form. Asked once per token and page load, not
 * on every move between the public pages; a session that ends later is caught by the member calls.
 */
export function hasLiveSession(): Promise<boolean> {
  const token = getToken();
  if (!token) return Promise.resolve(false);
  if (checked?.token !== token) checked = { token, live: checkSession() };
  return checked.live;
}
let checked: { token: string; live: Promise<boolean> } | undefined;

async function checkSession(): Promise<boolean> {
  try {
    await api('/api/account/profile', { react: false, timeoutMs: 5_000 });
    return true;
  } catch (err) {
    if (!isApiError(err, 'invalid-token')) return true;
    clearToken();
    return false;
  }
}
