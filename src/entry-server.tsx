import { i18n } from '@lingui/core';
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { AppRoot } from './app-root';
import { INTL_LOCALE } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { messages as la } from './locales/la/messages.po';
import { messages as laRegister } from './locales/la/register.po';
import { messages as th } from './locales/th/messages.po';
import { messages as thRegister } from './locales/th/register.po';
import { createAppRouter } from './router';

/**
 * Renders one public page to HTML at build time (scripts/prerender.ts), in the build's default
 * language and with no data: what the browser's first render will also show, so it hydrates as is.
 */
export async function render(url: string, locale: 'th' | 'la'): Promise<{ html: string; notFound: boolean }> {
  i18n.load(locale, locale === 'la' ? { ...la, ...laRegister } : { ...th, ...thRegister });
  i18n.activate(locale, [INTL_LOCALE[locale]]);
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [url] }) });
  await router.load();
  const { matches, location } = router.state;
  const failed = matches.find((m) => m.status === 'error');
  if (failed) throw new Error(`pre-render of ${url}: route ${failed.routeId} failed: ${String(failed.error)}`);
  if (location.pathname !== url) throw new Error(`pre-render of ${url}: redirected to ${location.pathname}`);
  // no saved cache at build time: the page is what a first visit shows
  const html = renderToString(
    <AppRoot queryClient={queryClient} router={router} restore={{ promise: new Promise(() => undefined), done: false }} />,
  );
  queryClient.clear();
  return { html, notFound: matches.some((m) => m.status === 'notFound' || m._notFound) };
}

/** The first path segment of every route ('' for '/'): the server answers other paths with the 404 page. */
export function routeSections(): string[] {
  const router = createAppRouter(createQueryClient(), { history: createMemoryHistory() });
  return [...new Set(Object.keys(router.routesByPath).map((p) => p.split('/')[1] ?? ''))].sort();
}
