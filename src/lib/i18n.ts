import { i18n, type Messages } from '@lingui/core';
import { startTransition } from 'react';
import { readKey, writeKey } from './storage';
import { VARIANT } from './variant';
import type { LANG_TAG } from '../../contract/lang-tags';

export const LOCALES = ['th', 'la', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * 'la' is the product's name for Lao; Intl knows it as 'lo' ('la' is Latin and silently falls back). The same map as
 * contract/lang-tags.ts (its type says so), written here so that the app's start fetches no file more for it.
 */
export const INTL_LOCALE: typeof LANG_TAG = { th: 'th', la: 'lo', en: 'en' };
/** Each language named in itself, for the picker. */
export const LOCALE_NAMES: Record<Locale, string> = { th: 'ไทย', la: 'ລາວ', en: 'English' };

const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  th: () => import('../locales/th/messages.po'),
  la: () => import('../locales/la/messages.po'),
  en: () => import('../locales/en/messages.po'),
};

/** Catalogs of parts of the app, loaded when that part first opens (see lingui.config.ts). */
const parts = {
  register: {
    th: () => import('../locales/th/register.po'),
    la: () => import('../locales/la/register.po'),
    en: () => import('../locales/en/register.po'),
  },
  member: {
    th: () => import('../locales/th/member.po'),
    la: () => import('../locales/la/member.po'),
    en: () => import('../locales/en/member.po'),
  },
} satisfies Record<string, PartLoaders>;
/** One catalog's loaders per language. A part only some lazy screens need (chat, how-to) keeps its own
 * loaders in its chunk and passes them in, so the sign-in page does not carry their import map. */
export type PartLoaders = Record<Locale, () => Promise<{ messages: Messages }>>;
export type CatalogPart = keyof typeof parts;
/** Each part's words, on their way or in: a second caller (the route, after the sign-in began the load) waits for them too. */
const partLoads = new Map<PartLoaders, Promise<void>>();

/** Adds a part's words to the active language (and to any language chosen later); resolves once they are in. */
export function loadCatalogPart(part: CatalogPart | PartLoaders): Promise<void> {
  const loaders = typeof part === 'string' ? parts[part] : part;
  const locale = currentLocale();
  const load =
    partLoads.get(loaders) ??
    // new words redraw every screen that shows words (the provider re-renders on Lingui's change event): as a
    // transition, React draws that in slices the page stays answering between. The words themselves are in
    // Lingui's object at once: a part of the screen drawn meanwhile (an answer arriving) already shows them
    loaders[locale]().then(({ messages }) => startTransition(() => i18n.load(locale, messages)));
  partLoads.set(loaders, load);
  // a chunk that failed to arrive (offline) is asked again next time
  load.catch(() => partLoads.delete(loaders));
  return load;
}

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);
export const defaultLocale = (): Locale => (VARIANT === 'la' ? 'la' : 'th');
/** The language in use, or the build's default before one is active. */
export const currentLocale = (): Locale => (isLocale(i18n.locale) ? i18n.locale : defaultLocale());
export const intlLocale = (): string => INTL_LOCALE[currentLocale()];

export async function activateLocale(locale: Locale, persist = true): Promise<void> {
  // kept before the screen changes: a reload right after the switch opens in the language chosen
  if (persist) {
    keepLocale(locale);
    await writeKey('locale', locale);
  }
  const loaded = await Promise.all([catalogs[locale](), ...[...partLoads.keys()].map((part) => part[locale]())]);
  // as a transition, as in loadCatalogPart
  startTransition(() => {
    i18n.load(locale, Object.assign({}, ...loaded.map((c) => c.messages)));
    i18n.activate(locale, [INTL_LOCALE[locale]]);
  });
  document.documentElement.lang = INTL_LOCALE[locale];
}

/**
 * The language in use is kept in localStorage too, read at once as the app starts: IndexedDB's read took 200-400
 * ms of a slow phone's start (beside the saved cache's) before the language's words could even be asked.
 * IndexedDB stays the choice's record (builds before this one kept it there only; read when localStorage has none).
 */
function keepLocale(locale: Locale): void {
  try {
    localStorage.setItem('locale', locale);
  } catch {
    // storage blocked: IndexedDB's copy (if any) is read instead
  }
}
function keptLocale(): string | null {
  try {
    return localStorage.getItem('locale');
  } catch {
    return null;
  }
}

/**
 * The member's stored choice, else the build's default language. `withParts`: the parts of the words the first
 * screen needs (a member's screen: 'member'), fetched beside the language's own instead of after them.
 */
export async function initI18n(withParts: CatalogPart[] = []): Promise<void> {
  const stored = keptLocale() ?? (await readKey<string>('locale'));
  const locale = isLocale(stored) ? stored : defaultLocale();
  // the default too: a member who never chose one is the many, and their next start reads no IndexedDB either
  keepLocale(locale);
  // only fetched here: the part is added to the language when its screen asks for it (loadCatalogPart)
  for (const part of withParts) void parts[part][locale]().catch(() => undefined);
  await activateLocale(locale, false);
}

export { i18n };
