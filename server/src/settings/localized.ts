import { Type, type Static } from 'typebox';

/**
 * Operator text in the member's language: a plain string (the same for everyone), or one text per
 * language with Thai as the fallback for a language the operator left out.
 */
export const LocalizedText = Type.Union([
  Type.String(),
  Type.Object({ th: Type.String(), la: Type.Optional(Type.String()), en: Type.Optional(Type.String()) }, { additionalProperties: false }),
]);
export type LocalizedText = Static<typeof LocalizedText>;
export const LANGS = ['th', 'la', 'en'] as const;
export type Lang = (typeof LANGS)[number];

/** `?lang=` of every call that answers operator texts: the member's language, Thai where the operator gave none. */
export const LangQuery = Type.Object({
  lang: Type.Optional(
    Type.Union(
      LANGS.map((l) => Type.Literal(l)),
      { description: "the member's language for operator texts and names (th, la, en); Thai where the operator gave none" },
    ),
  ),
});

/** The text for the member's language, Thai where the operator gave none for it. */
export function inLanguage(text: LocalizedText, lang: Lang): string {
  return typeof text === 'string' ? text : (text[lang] ?? text.th);
}
