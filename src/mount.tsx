import { startTransition, useEffect, type ReactElement, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { Early, Field } from './lib/early-input';
import { releaseHeldSignIn } from './lib/early-sign-in';
import { NOT_FOUND_MARK, prerenderedHere, type Prerendered } from './lib/prerendered';
import type { createAppRouter } from './router';

/** Calls `done` once React has committed its first render (a wrapper with no DOM of its own). */
function OnCommit({ done, children }: { done: () => void; children: ReactNode }) {
  useEffect(done, [done]);
  return children;
}

const idle = () =>
  new Promise<void>((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 1_000 });
    else setTimeout(resolve, 50);
  });

/** What the member typed or ticked in the pre-rendered form before the app started. */
export function earlyInput(container: HTMLElement): Early[] {
  // a box or a radio is changed by its tick alone: its value ('on') is not its defaultValue ('') from the start
  const ticked = (f: Field) => f instanceof HTMLInputElement && (f.type === 'checkbox' || f.type === 'radio');
  return [...container.querySelectorAll<Field>('input, textarea')]
    .filter((f) => (ticked(f) ? (f as HTMLInputElement).checked !== (f as HTMLInputElement).defaultChecked : f.value !== f.defaultValue))
    .map((field) => ({ field, value: field.value, checked: field instanceof HTMLInputElement && field.checked }));
}

/**
 * Hydrates the pre-rendered page when the router, once loaded, shows that very page (so the first
 * render matches the HTML: no flash, no shift); otherwise (another page after a redirect, another
 * language, no pre-rendered HTML) renders the app anew in place of the HTML, carrying what the member typed
 * in the pre-rendered form into the app's fields of the same name. Resolves once the first
 * render is committed (and, when hydrating, the browser is idle): hydration runs in slices, and data
 * put into the query cache before it ends would make the rest differ from the HTML.
 */
export async function mountApp(
  container: HTMLElement,
  app: ReactElement,
  router: ReturnType<typeof createAppRouter>,
  prerendered: Prerendered | undefined,
): Promise<'hydrated' | 'rendered'> {
  let committed!: () => void;
  const first = new Promise<void>((resolve) => (committed = resolve));
  const wrapped = <OnCommit done={committed}>{app}</OnCommit>;
  // the pre-rendered page on the screen, in whatever language
  const onPage = () => prerenderedHere(container);
  if (prerendered || onPage()) {
    // the router renders its tree as it did on the server (no outer Suspense), as its own SSR client does
    router.ssr = { manifest: undefined };
    await router.load();
    const { location, matches } = router.state;
    const loaded = matches.every((m) => m.status === 'success' || m.status === 'notFound');
    const notFound = matches.some((m) => m.status === 'notFound' || m._notFound);
    const same = prerendered && (prerendered.path === NOT_FOUND_MARK ? notFound : !notFound && location.pathname === prerendered.path);
    if (same && loaded) {
      const early = earlyInput(container);
      // as a transition, React hydrates in slices of a few milliseconds with the page answering between them (a
      // blocking hydration was one long task: the bulk of the public pages' Lighthouse TBT); an event on a part not
      // yet hydrated hydrates that part at once and is replayed on it. (startTransition reports what its callback throws
      // instead of rethrowing it: hydrateRoot throws only for a container that is not an element, never #root)
      startTransition(() => void hydrateRoot(container, wrapped));
      await first;
      // the route's content sits in a Suspense boundary that React hydrates after the first commit:
      // wait until the scheduler has nothing left to do
      await idle();
      // rarely needed: loaded only then
      if (early.length) await import('./lib/early-input').then(({ replay }) => replay(early));
      // a Sign in pressed while the app took the form over: sent now by the app's form, which has what was typed
      releaseHeldSignIn();
      return 'hydrated';
    }
    // the same page drawn anew in another language keeps it so: loaded, the app's first commit is the whole page
    // (an outer Suspense would commit its empty fallback first, and the page would be blank until the next)
    if (!(loaded && onPage())) router.ssr = undefined;
  }
  // the same page's pre-rendered form in another language is replaced: React clears it in the very task that puts
  // the app's own in (its first commit), so the page is never empty on the screen; what the member typed in it,
  // read from its fields once they are out of the page, goes to the app's fields of the same name (never to another
  // page's, where the app went instead)
  const before = onPage() ? [...container.children].filter((n): n is HTMLElement => n instanceof HTMLElement) : [];
  // in slices too (see above); the commit that swaps the pages is still one
  startTransition(() => createRoot(container).render(wrapped));
  await first;
  const typed = before.flatMap((n) => earlyInput(n));
  if (typed.length) {
    await idle();
    // into the app's field of the same name (a box or a choice by its name and value too), a text only into a
    // field the member has not started again
    const fields = onPage()
      ? typed.flatMap(({ field: old, value, checked }) => {
          const checkable = old.type === 'checkbox' || old.type === 'radio';
          const named = `[name="${CSS.escape(old.name)}"]`;
          const field = old.name
            ? container.querySelector<Field>(checkable ? `input${named}[value="${CSS.escape(value)}"]` : `input${named}, textarea${named}`)
            : null;
          return field && (checkable || field.value === '') ? [{ field, value, checked }] : [];
        })
      : [];
    if (fields.length) await import('./lib/early-input').then(({ replay }) => replay(fields));
  }
  return 'rendered';
}
