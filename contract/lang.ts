import { Type } from 'typebox';

/** The languages of the site and of operator texts; Thai is the fallback. */
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
