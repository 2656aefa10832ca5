import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { activateLocale, type Locale } from '../src/lib/i18n';

export async function setLocale(locale: Locale = 'en'): Promise<void> {
  await activateLocale(locale, false);
}

/** A query client as the tests use it: no retries. Give it to renderScreen to start from a cache. */
export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/** Renders a screen with what the app gives it: i18n, a fresh query client and a router (for links). */
export function renderScreen(ui: ReactNode, { queryClient = testQueryClient() }: { queryClient?: QueryClient } = {}) {
  const rootRoute = createRootRoute();
  const routes = ['/', '/login', '/register', '/user/home'].map((path) =>
    createRoute({ getParentRoute: () => rootRoute, path, component: () => ui }),
  );
  const router = createRouter({ routeTree: rootRoute.addChildren(routes), history: createMemoryHistory({ initialEntries: ['/'] }) });
  const result = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { ...result, queryClient, router };
}

export interface FakeCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type FakeAnswer = [status: number, payload: unknown];

/** Replaces fetch with a table of answers by "METHOD /path"; records every call. An answer may be awaited (held back). */
export function fakeServer(routes: Record<string, (body: unknown) => FakeAnswer | Promise<FakeAnswer>>) {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ url, method, headers: init.headers as Record<string, string>, body });
      // an answer may be listed with its query string or without (then it serves every query)
      const handler = routes[`${method} ${url}`] ?? routes[`${method} ${url.split('?')[0]}`];
      const [status, payload] = handler ? await handler(body) : [404, { message: 'NO_DATA' }];
      return new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}
