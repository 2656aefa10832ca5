import { i18n, type Messages } from '@lingui/core';
import { VARIANT } from '../lib/variant';
import { LANG_TAG, type ProductLang } from '../../contract/lang-tags';

/**
 * The console's languages: Thai, Lao and English (issue 23 had Thai and English; a Lao operator's staff read
 * Lao). Its words are their own catalog part (lingui.config.ts, src/locales/{th,la,en}/staff.po); the member app's
 * catalogs are never loaded here. Lao is `lo` here, its language tag: every date and number the console formats
 * with `i18n.locale` is Lao's, and the page's `lang` too (the project's own code for it is `la`).
 */
export const STAFF_LOCALES = ['th', 'lo', 'en'] as const;
export type StaffLocale = (typeof STAFF_LOCALES)[number];
export const STAFF_LOCALE_NAMES: Record<StaffLocale, string> = { th: 'ไทย', lo: 'ລາວ', en: 'English' };
/** The project's code of a console language (operator texts, `?lang=`): Lao is `la`; English for any other. */
export const projectLang = (locale: string): ProductLang =>
  (Object.keys(LANG_TAG) as ProductLang[]).find((lang) => LANG_TAG[lang] === locale) ?? 'en';

/**
 * The console's words in two parts (lingui.config.ts): the sign-in's, loaded with the sign-in page (which
 * carries nothing else of the console), and the rest, loaded with the console once someone is signed in.
 */
type Part = 'sign-in' | 'console';
const catalogs: Record<Part, Record<StaffLocale, () => Promise<{ messages: Messages }>>> = {
  'sign-in': {
    th: () => import('../locales/th/staff-sign-in.po'),
    lo: () => import('../locales/la/staff-sign-in.po'),
    en: () => import('../locales/en/staff-sign-in.po'),
  },
  console: {
    th: () => import('../locales/th/staff.po'),
    lo: () => import('../locales/la/staff.po'),
    en: () => import('../locales/en/staff.po'),
  },
};
/** The parts this page shows: the sign-in's always; the console's once it is loaded (a language chosen later loads both). */
const parts = new Set<Part>(['sign-in']);
// its own key: the member's language choice on a shared device is the member's
const STORAGE_KEY = 'staff-locale';

export const isStaffLocale = (value: unknown): value is StaffLocale => STAFF_LOCALES.includes(value as StaffLocale);

/** The language last asked for, and the activations, one after another. */
let requested: StaffLocale | undefined;
let activations: Promise<void> = Promise.resolve();

/**
 * Shows `locale` with the words of every part this page shows. Activations take turns, and one overtaken by
 * a later choice (the language switched while the console's words were still loading) does not activate:
 * the screen ends in the language last chosen, with all its parts.
 */
export function activateStaffLocale(locale: StaffLocale, persist = true): Promise<void> {
  requested = locale;
  const run = activations.then(async () => {
    if (requested !== locale) return;
    const loaded = await Promise.all([...parts].map((part) => catalogs[part][locale]()));
    for (const { messages } of loaded) i18n.load(locale, messages);
    if (requested !== locale) return;
    i18n.activate(locale);
    document.documentElement.lang = locale;
    if (persist) {
      try {
        localStorage.setItem(STORAGE_KEY, locale);
      } catch {
        // storage refused (private mode): the choice lasts this visit
      }
    }
  });
  activations = run.catch(() => undefined);
  return run;
}

/** The console's words too, in the language shown or last chosen (and in any chosen later): before the console renders. */
export function loadConsoleWords(): Promise<void> {
  parts.add('console');
  return activateStaffLocale(requested ?? (isStaffLocale(i18n.locale) ? i18n.locale : FIRST_LOCALE), false);
}

/** Before anyone chose: the build's language (the Lao build's console opens in Lao). */
const FIRST_LOCALE: StaffLocale = LANG_TAG[VARIANT];

/** The stored choice, else the build's language. */
export function initStaffI18n(): Promise<void> {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    // storage refused: the build's language
  }
  return activateStaffLocale(isStaffLocale(stored) ? stored : FIRST_LOCALE, false);
}

export { i18n };
