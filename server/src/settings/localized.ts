import { Type, type Static } from 'typebox';
import type { Banners } from '../../../contract/invite.js';
import type { Lang } from '../../../contract/lang.js';

export { LANGS, LangQuery, type Lang } from '../../../contract/lang.js';

/**
 * Operator text in the member's language: a plain string (the same for everyone), or one text per
 * language with Thai as the fallback for a language the operator left out.
 */
export const LocalizedText = Type.Union([
  Type.String(),
  Type.Object({ th: Type.String(), la: Type.Optional(Type.String()), en: Type.Optional(Type.String()) }, { additionalProperties: false }),
]);
export type LocalizedText = Static<typeof LocalizedText>;

/** The text for the member's language, Thai where the operator gave none for it. */
export function inLanguage(text: LocalizedText, lang: Lang): string {
  return typeof text === 'string' ? text : (text[lang] ?? text.th);
}

/** Operator banners (the invite and refund programmes' pages) in the member's language, Thai where the operator gave none. */
export const bannersIn = (banners: { image: string; html: LocalizedText }[], lang: Lang): Banners => ({
  banners: banners.map((b) => ({ image: b.image, html: inLanguage(b.html, lang) })),
});
