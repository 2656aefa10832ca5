import { i18n, type Messages } from '@lingui/core';

/**
 * The console's languages: Thai and English (issue 23). Its words are their own catalog part
 * (lingui.config.ts, src/locales/{th,en}/staff.po); the member app's catalogs are never loaded here.
 */
export const STAFF_LOCALES = ['th', 'en'] as const;
export type StaffLocale = (typeof STAFF_LOCALES)[number];
export const STAFF_LOCALE_NAMES: Record<StaffLocale, string> = { th: 'ไทย', en: 'English' };

const catalogs: Record<StaffLocale, () => Promise<{ messages: Messages }>> = {
  th: () => import('../locales/th/staff.po'),
  en: () => import('../locales/en/staff.po'),
};
// its own key: the member's language choice on a shared device is the member's
const STORAGE_KEY = 'staff-locale';

export const isStaffLocale = (value: unknown): value is StaffLocale => STAFF_LOCALES.includes(value as StaffLocale);

export async function activateStaffLocale(locale: StaffLocale, persist = true): Promise<void> {
  const { messages } = await catalogs[locale]();
  i18n.load(locale, messages);
  i18n.activate(locale);
  document.documentElement.lang = locale;
  if (persist) {
    try {
      localStorage.setItem(STORAGE_KEY, locale);
    } catch {
      // storage refused (private mode): the choice lasts this visit
    }
  }
}

/** The stored choice, else Thai. */
export function initStaffI18n(): Promise<void> {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    // storage refused: Thai
  }
  return activateStaffLocale(isStaffLocale(stored) ? stored : 'th', false);
}

export { i18n };
