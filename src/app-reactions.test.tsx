import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import type { Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, setLocale, testQueryClient } from '../tests/render';
import { appReactions } from './app-reactions';
import { api, setApiReactions } from './lib/api';
import { getToken, setToken } from './lib/auth-token';
import type { Locale } from './lib/i18n';
import { startMemberEvents } from './lib/member/member-events';
import { createAppRouter } from './router';

const DISABLED = {
  en: 'Your account was disabled by our staff.',
  th: 'บัญชีของคุณถูกปิดการใช้งานโดยเจ้าหน้าที่ของเรา',
  la: 'ບັນຊີຂອງທ່ານຖືກປິດການນຳໃຊ້ໂດຍພະນັກງານຂອງພວກເຮົາ',
} as const;

/** The app as the browser starts it on a public page, its §4 reactions wired, and the member's call refused with `refusal`. */
async function refusedOn(refusal: { message: string; detail?: string }, by: 'call' | 'socket' = 'call') {
  window.history.replaceState(null, '', '/howto');
  const queryClient = testQueryClient();
  const router = createAppRouter(queryClient);
  setApiReactions(appReactions(router, queryClient));
  fakeServer({
    'GET /api/lookup/active': () => [200, { active: true }],
    'GET /api/lookup/info': () => [200, { name: 'Wallet', website: 'wallet.example' }],
    'GET /api/wallet': () => [401, refusal],
  });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  setToken('tok-1', true);
  if (by === 'call') await expect(api('/api/wallet')).rejects.toMatchObject({ code: 'invalid-token' });
  else {
    // the member's live-events socket, its join answered with the refusal
    const socket = {
      active: true,
      on: (name: string, handler: () => void) => (name === 'connect' && queueMicrotask(handler), socket),
      emit: (_name: string, _data: unknown, ack: (answer: unknown) => void) => (ack(refusal), socket),
      connect: () => socket,
      disconnect: () => socket,
    };
    stopEvents = startMemberEvents(queryClient, { socket: () => socket as unknown as Socket, visible: () => false });
  }
  return router;
}

let stopEvents = () => undefined as void;

describe('a session the server ended', () => {
  beforeEach(() => setLocale('en'));
  afterEach(() => stopEvents());

  for (const locale of ['en', 'th', 'la'] as Locale[]) {
    it(`tells a member staff disabled why they are at the sign-in page (${locale})`, async () => {
      await setLocale(locale);
      await refusedOn({ message: 'invalid-token', detail: 'INACTIVE_USER' });
      const notice = (await screen.findByText((_, node) => node?.tagName === 'P' && !!node.textContent?.includes(DISABLED[locale])))!;
      expect(notice).toHaveAttribute('role', 'status');
      // where to turn: the contact page, named in the member's language
      expect(notice.querySelector('a')).toHaveAttribute('href', '/contact');
      expect(getToken()).toBeNull();
    });
  }

  it("tells it too when the member's live-events socket was refused", async () => {
    await refusedOn({ message: 'invalid-token', detail: 'INACTIVE_USER' }, 'socket');
    expect(await screen.findByText(DISABLED.en, { exact: false })).toHaveAttribute('role', 'status');
    expect(getToken()).toBeNull();
  });

  it('says nothing of the kind when the session simply ended', async () => {
    const router = await refusedOn({ message: 'invalid-token' });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText(/disabled/)).toBeNull();
  });
});
