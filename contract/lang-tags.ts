/**
 * The product's languages (th, la, en) as language tags, for `lang` attributes and Intl: Lao is `lo` (`la`, the
 * product's name for it, is Latin, and Intl silently falls back from it). No schema library here: the member app's
 * start, the console and the build scripts all read it.
 */
export const LANG_TAG = { th: 'th', la: 'lo', en: 'en' } as const;
export type ProductLang = keyof typeof LANG_TAG;
