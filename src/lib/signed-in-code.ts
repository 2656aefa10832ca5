import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { loadCatalogPart } from './i18n';
import { loadPageCode } from './page-code';

/**
 * While the sign-in is asked: the signed-in screens' words and the code of the screen the member goes
 * to, so that screen does not wait for the answer before it starts loading (on a slow phone its code is
 * the larger part of the wait). Nothing here needs the token; nothing is run but the modules' own code.
 */
export function prepareSignedIn(router: AnyRouter, target: string): void {
  // after the sign-in's own request has gone (it is sent once the submit's microtasks have run): on
  // HTTP/1.1 a browser opens 6 connections to a host, and 30 chunks asked first would queue it
  setTimeout(() => {
    void loadCatalogPart('member').catch(() => undefined);
    void loadPageCode(router, new URL(target, window.location.origin).pathname);
    void import('./member/wallet-query').catch(() => undefined);
  });
}

/**
 * With the token just stored: the wallet (every signed-in screen shows from it) is asked at once, while
 * the screen's code is still arriving; the screen's own ask finds it on its way (src/routes/user/home.tsx).
 */
export function askWalletEarly(queryClient: QueryClient): void {
  void import('./member/wallet-query').then((m) => queryClient.prefetchQuery(m.walletQuery())).catch(() => undefined);
}
