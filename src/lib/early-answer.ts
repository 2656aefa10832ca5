import type { QueryClient } from '@tanstack/react-query';
import type { LoginResponse } from '../../contract/account';
import type { WalletView } from '../../contract/wallet';
import type { EarlySignIn } from './early-sign-in';
import { ApiError, codeOf } from './http';
import { startSession } from './session';
import { EARLY_REFUSAL_EVENT } from './early-events';

/**
 * The answer to the sign-in the pre-rendered form sent before the app started (src/lib/early-sign-in.ts), read
 * as src/lib/http.ts reads any: the token, or an ApiError with the code the member sees a message for. Never
 * asked again on a 503: a sign-in is not a call that is safe to repeat. Loaded only when such a sign-in was sent.
 */
async function tokenOf(sent: Promise<Response>): Promise<string> {
  let res: Response;
  try {
    res = await sent;
  } catch (err) {
    throw new ApiError(err instanceof DOMException && err.name === 'TimeoutError' ? 'TIMEOUT' : 'NETWORK_ERROR', 0);
  }
  if (res.ok) return ((await res.json()) as LoginResponse).token;
  const { code, detail } = await codeOf(res);
  throw new ApiError(code, res.status, detail);
}

/**
 * As the app starts (src/main.tsx). True: the session is started and the wallet asked. False: the form, once the
 * app has mounted it (`mounted`) and handed it what the member typed before (which, replayed as input, clears a
 * message shown earlier), is told why: an event on the document (src/features/auth/login-page.tsx hears it).
 */
export async function adoptEarlySignIn(queryClient: QueryClient, early: EarlySignIn, mounted: Promise<void>): Promise<boolean> {
  try {
    const token = await tokenOf(early.answer);
    startSession(queryClient, token, early.remember, early.username);
    // the wallet the form asked as soon as the token came (any other answer: asked again, as any screen asks it)
    const wallet = early.wallet.then(
      (res) => (res?.ok ? (res.json() as Promise<WalletView>).catch(() => undefined) : undefined),
      () => undefined,
    );
    void import('./member/wallet-query').then((m) => queryClient.prefetchQuery(m.walletQuery(wallet))).catch(() => undefined);
    return true;
  } catch (err) {
    const code = err instanceof ApiError ? err.code : 'NETWORK_ERROR';
    void mounted.then(() => document.dispatchEvent(new CustomEvent(EARLY_REFUSAL_EVENT, { detail: code })));
    return false;
  }
}
