/**
 * The build pre-renders the public pages into `#root` (scripts/prerender.ts) and marks which page and
 * language it holds: `data-prerendered="/login"` (`"404"` for the not-found page) and `data-locale`.
 */
export interface Prerendered {
  path: string;
  locale: string;
}

export const NOT_FOUND_MARK = '404';

/** Whether `#root` holds the pre-rendered page of the address the browser is at now (in whatever language). */
export const prerenderedHere = (container: HTMLElement): boolean =>
  !!container.dataset.prerendered && container.dataset.prerendered === window.location.pathname;

/** The page in `#root`, when there is one in the language the member uses (else the app renders anew). */
export function prerenderedPage(container: HTMLElement, locale: string): Prerendered | undefined {
  const { prerendered: path, locale: prerenderedLocale } = container.dataset;
  return path && prerenderedLocale === locale ? { path, locale } : undefined;
}
