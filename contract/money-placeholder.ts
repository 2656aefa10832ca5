/**
 * `{money:N}` in an operator's words that members read (a bonus's name and terms, a promotion's
 * description, a wheel slice's label and text): N, an amount of the site's currency, is said in each
 * member's own currency and language (server/src/modules/bonus/money-text.ts). The rule both the console
 * and the server hold: anything written as if it were one is one, so a member never reads its braces.
 */
export const MONEY_PLACEHOLDER = /\{money:(\d{1,12}(?:\.\d{1,2})?)\}/g;

/** Anything an operator may have meant as a placeholder: `{money` up to its closing brace, or to the text's end. */
const MEANT = /\{\s*money\b[^{}]*\}?/gi;
const EXACT = /^\{money:\d{1,12}(?:\.\d{1,2})?\}$/;

/**
 * The first `{money...}` of the words that is not a placeholder (`{money:abc}`, `{money: 50}`, `{money:50`
 * unclosed, `{Money:50}`, `{money:1.234}`), in any of their languages; undefined when every one is `{money:N}`.
 */
export function badMoneyPlaceholder(words: string | { th: string; la?: string; en?: string } | undefined): string | undefined {
  if (words === undefined) return undefined;
  for (const text of typeof words === 'string' ? [words] : [words.th, words.la ?? '', words.en ?? '']) {
    const bad = text.match(MEANT)?.find((found) => !EXACT.test(found));
    if (bad !== undefined) return bad;
  }
  return undefined;
}

/** How an operator of the CLI is told what a placeholder looks like. */
export const MONEY_PLACEHOLDER_HELP = "an amount is written {money:N}, N in the site's currency with at most 2 decimals";
