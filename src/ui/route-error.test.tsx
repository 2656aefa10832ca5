import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  RouterProvider,
  type RouteComponent,
} from '@tanstack/react-router';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale, testQueryClient } from '../../tests/render';
import { createAppRouter } from '../router';
import { RouteError } from './route-error';

// the reload into a new version (jsdom cannot reload a page): what it was asked to do is recorded
const sw = vi.hoisted(() => ({ reloads: 0 }));
vi.mock('../lib/sw-update', () => ({ reloadToNewVersion: () => void (sw.reloads += 1) }));

/** A failed dynamic import as Chrome words it: the file of an older version, no longer on the server. */
const gone = () => new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/home-B4dc0ffe.js');

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** The app's routes stand-in: '/' and a page with the given component, under the router's options as the app sets them. */
function renderPage(component: RouteComponent) {
  const rootRoute = createRootRoute();
  const routes = [
    createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <p>Home page</p> }),
    createRoute({ getParentRoute: () => rootRoute, path: '/page', component }),
  ];
  const { defaultErrorComponent } = createAppRouter(testQueryClient()).options;
  const router = createRouter({
    routeTree: rootRoute.addChildren(routes),
    history: createMemoryHistory({ initialEntries: ['/page'] }),
    defaultErrorComponent,
  });
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return router;
}

let logged: ReturnType<typeof vi.spyOn>;
beforeEach(async () => {
  await setLocale('en');
  sw.reloads = 0;
  logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  setOnline(true);
  logged.mockRestore();
});

describe('a page that fails', () => {
  it('the app router shows the translated error screen', () => {
    expect(createAppRouter(testQueryClient()).options.defaultErrorComponent).toBe(RouteError);
  });

  it('to render shows a sentence, not the error, logs the error, and shows the page again on Try again', async () => {
    let broken = true;
    const failure = new Error('Cannot read properties of undefined (reading "balance")');
    renderPage(() => {
      if (broken) throw failure;
      return <p>Wallet page</p>;
    });

    expect(await screen.findByRole('heading', { name: 'This page could not be shown.' })).toBeVisible();
    expect(screen.queryByText(/balance/)).toBeNull();
    expect(screen.queryByText('Something went wrong!')).toBeNull();
    expect(logged).toHaveBeenCalledWith(failure);
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');

    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Wallet page')).toBeVisible();
    expect(sw.reloads).toBe(0);
  });

  it('speaks the member language (Thai)', async () => {
    await setLocale('th');
    renderPage(() => {
      throw new Error('boom');
    });
    expect(await screen.findByRole('heading', { name: 'ไม่สามารถแสดงหน้านี้ได้' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'ลองอีกครั้ง' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'ไปหน้าแรก' })).toBeVisible();
  });

  it('to load its chunk after a new version: the router reloaded once already, so it offers the reload', async () => {
    // the router's lazy route component reloads once by itself (this key), then throws the error
    sessionStorage.setItem(`tanstack_router_reload:${gone().message}`, '1');
    renderPage(lazyRouteComponent(() => Promise.reject(gone())));

    expect(await screen.findByRole('heading', { name: 'A new version is ready.' })).toBeVisible();
    await vi.dynamicImportSettled(); // a reload would come through a lazily loaded module
    expect(sw.reloads).toBe(0); // no second reload by itself: no loop
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    // the reload goes through a lazily loaded module (route-error.tsx reloadToNewVersion): waited for
    await waitFor(() => expect(sw.reloads).toBe(1));
  });

  it('to load a chunk inside the page (a lazy part) reloads into the new version once by itself', async () => {
    const Part = lazy(() => Promise.reject(gone()));
    const router = renderPage(() => (
      <Suspense fallback={<p>Loading…</p>}>
        <Part />
      </Suspense>
    ));
    expect(await screen.findByRole('heading', { name: 'A new version is ready.' })).toBeVisible();
    // the reload goes through a lazily loaded module: it comes after the screen, waited for (it failed a
    // clean-clone run on a busy machine when asserted at once)
    await waitFor(() => expect(sw.reloads).toBe(1));

    // the reload came back to the same missing chunk: the offer stays, no loop
    await act(() => router.invalidate());
    expect(await screen.findByRole('heading', { name: 'A new version is ready.' })).toBeVisible();
    await vi.dynamicImportSettled();
    expect(sw.reloads).toBe(1);
  });

  it('offline to load its chunk says offline, not "new version", and loads it when the connection returns', async () => {
    setOnline(false);
    // the router's lazy route component reloaded once (offline too): the chunk is still missing after it
    sessionStorage.setItem(`tanstack_router_reload:${gone().message}`, '1');
    let arrives = false;
    renderPage(lazyRouteComponent(() => (arrives ? Promise.resolve({ default: () => <p>Statement page</p> }) : Promise.reject(gone()))));

    expect(await screen.findByRole('heading', { name: 'Offline' })).toBeVisible();
    expect(screen.getByText(/You are offline and this page has not been saved on this device yet/)).toBeVisible();
    expect(screen.queryByText('A new version is ready.')).toBeNull();
    expect(sw.reloads).toBe(0);

    arrives = true;
    act(() => setOnline(true));
    expect(await screen.findByText('Statement page')).toBeVisible();
    expect(sw.reloads).toBe(0);
  });
});
