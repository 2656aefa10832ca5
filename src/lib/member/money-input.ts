import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MoneyCurrency } from '../format';

/** Full-width (Ｗ), Thai (๐-๙) and Lao (໐-໙) digits and the full-width point, as a phone keyboard may type them. */
const DIGIT_BASES = [0xff10, 0x0e50, 0x0ed0];

/** What the member typed, in ASCII digits: other scripts' digits mapped, grouping commas and spaces dropped. */
export function normaliseAmount(text: string): string {
  return text
    .replace(/[\uff10-\uff19\u0e50-\u0e59\u0ed0-\u0ed9]/g, (c) => {
      const code = c.charCodeAt(0);
      const base = DIGIT_BASES.find((b) => code >= b && code <= b + 9)!;
      return String(code - base);
    })
    .replace(/[\uff0e\u3002]/g, '.')
    .replace(/[,\uff0c\s]/g, '');
}

export type ParsedAmount = { ok: true; value: number } | { ok: false; message: string };

/**
 * A typed amount to a number, or the sentence that says what is wrong with it: baht with at most 2
 * decimals, kip whole (the ledger keeps whole kip; the server refuses a fraction as KEY_INVALID).
 */
export function parseAmount(i18n: I18n, text: string, currency: MoneyCurrency = 'BAHT'): ParsedAmount {
  const clean = normaliseAmount(text);
  if (!clean) return { ok: false, message: i18n._(msg`Please enter an amount.`) };
  if (currency === 'LAK') {
    if (/^\d+\.\d*$/.test(clean)) return { ok: false, message: i18n._(msg`Kip has no decimals: enter whole kip, like 200000.`) };
    if (!/^\d+$/.test(clean)) return { ok: false, message: i18n._(msg`Enter the amount in digits, like 200000.`) };
    return { ok: true, value: Number(clean) };
  }
  if (/^\d+\.\d{3,}$/.test(clean)) return { ok: false, message: i18n._(msg`Use at most 2 decimals, like 100.50.`) };
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return { ok: false, message: i18n._(msg`Enter the amount in digits, like 100 or 100.50.`) };
  return { ok: true, value: Number(clean) };
}

/** What is wrong with a parsed amount, '' when nothing is. */
export const amountProblem = (parsed: ParsedAmount): string => (parsed.ok ? '' : parsed.message);
