import type { QueryClient } from '@tanstack/react-query';
import type { LoginResponse } from '../../contract/account';
import { noteEarlyRefusal, type EarlySignIn } from './early-sign-in';
import { ApiError, codeOf } from './http';
import { startSession } from './session';
import { askWalletEarly } from './signed-in-code';

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
 * As the app starts (src/main.tsx). True: the session is started and the wallet asked. False: the refusal is
 * kept for the form to say once hydrated.
 */
export async function adoptEarlySignIn(queryClient: QueryClient, early: EarlySignIn): Promise<boolean> {
  try {
    const token = await tokenOf(early.answer);
    startSession(queryClient, token, early.remember, early.username);
    askWalletEarly(queryClient);
    return true;
  } catch (err) {
    noteEarlyRefusal(err instanceof ApiError ? err.code : 'NETWORK_ERROR');
    return false;
  }
}
