import { useLingui } from '@lingui/react/macro';
import { formatMoney, MONEY_DECIMALS, type MoneyCurrency } from '../../lib/format';
import { staffDateFormat } from '../date-format';

/** The queues' amounts in the row's currency (baht with satang, kip whole) and their times, in the console's language. */
export function useQueueFormat() {
  const { i18n } = useLingui();
  const when = staffDateFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' });
  return {
    money: (amount: number, currency: MoneyCurrency) => formatMoney(amount, i18n.locale, currency),
    when: (iso: string) => when.format(new Date(iso)),
  };
}

/**
 * An amount a clerk typed, in major units: digits with at most the currency's decimals, above 0
 * (thousands separators allowed); null for anything else.
 */
export function parseAmount(text: string, currency: MoneyCurrency): number | null {
  const clean = text.replace(/[,\s]/g, '');
  const decimals = MONEY_DECIMALS[currency];
  const pattern = decimals ? new RegExp(`^\\d+(\\.\\d{1,${decimals}})?$`) : /^\d+$/;
  if (!pattern.test(clean)) return null;
  const value = Number(clean);
  // beyond what the ledger counts exactly in minor units: the server would refuse it (400 KEY_INVALID)
  if (!Number.isSafeInteger(Math.round(value * 10 ** decimals))) return null;
  return value > 0 ? value : null;
}

/** Two amounts compared in minor units, so 0.1 + 0.2 never differs from 0.3. */
export const minorUnits = (amount: number, currency: MoneyCurrency) => Math.round(amount * 10 ** MONEY_DECIMALS[currency]);
