import { i18n, type Messages } from '@lingui/core';
import { readKey, writeKey } from './storage';
import { VARIANT } from './variant';

export const LOCALES = ['th', 'la', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

/** 'la' is the product's name for Lao; Intl knows it as 'lo' ('la' is Latin and silently falls back). */
export const INTL_LOCALE: Record<Locale, string> = { th: 'th', la: 'lo', en: 'en' };
/** Each language named in itself, for the picker. */
export const LOCALE_NAMES: Record<Locale, string> = { th: 'ไทย', la: 'ລາວ', en: 'English' };

const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  th: () => import('../locales/th/messages.po'),
  la: () => import('../locales/la/messages.po'),
  en: () => import('../locales/en/messages.po'),
};

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);
export const defaultLocale = (): Locale => (VARIANT === 'la' ? 'la' : 'th');
export const intlLocale = (): string => INTL_LOCALE[isLocale(i18n.locale) ? i18n.locale : defaultLocale()];

export async function activateLocale(locale: Locale, persist = true): Promise<void> {
  const { messages } = await catalogs[locale]();
  i18n.load(locale, messages);
  i18n.activate(locale, [INTL_LOCALE[locale]]);
  document.documentElement.lang = INTL_LOCALE[locale];
  if (persist) await writeKey('locale', locale);
}

/** The member's stored choice, else the build's default language. */
export async function initI18n(): Promise<void> {
  const stored = await readKey<string>('locale');
  await activateLocale(isLocale(stored) ? stored : defaultLocale(), false);
}

export { i18n };
