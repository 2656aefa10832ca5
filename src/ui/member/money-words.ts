import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { formatMoney, type MoneyCurrency } from '../../lib/format';
import { intlLocale } from '../../lib/i18n';
import { parseAmount } from '../../lib/member/money-input';
import { VARIANT } from '../../lib/variant';
import { walletQuery } from '../../lib/member/wallet-query';

/**
 * The member's currency: the one they chose at registration (Lao site), as the wallet says. Asks the
 * server only when no wallet is cached yet; until then, the site's default currency.
 */
export function useCurrency(): MoneyCurrency {
  const currency = useQuery({ ...walletQuery(), staleTime: Infinity, select: (w) => (w.profile.currency === 'LAK' ? 'LAK' : 'BAHT') }).data;
  return currency ?? (VARIANT === 'la' ? 'LAK' : 'BAHT');
}

/** Whether the member keeps kip. */
export const useKip = (): boolean => useCurrency() === 'LAK';

/**
 * Money in the member's currency, one place for every member screen: `money(200000)` the number as
 * shown ("200,000" in kip, "200,000.00" in baht), `amount(100)` with its unit ("100 kip", "100.00
 * baht"), `unit` ("kip" or "baht"), and `parse(text)` what was typed (kip whole, baht to the satang).
 * `given`: the currency an answer said its figures are in (the member's, as the server knows it), used
 * over the wallet's, which may not be known yet (then the site's default would be a guess).
 */
export function useMoneyWords(given?: MoneyCurrency) {
  const { t, i18n } = useLingui();
  const known = useCurrency();
  const currency = given ?? known;
  const kip = currency === 'LAK';
  const format = (value: number) => formatMoney(value, intlLocale(), currency);
  return {
    currency,
    unit: kip ? t`kip` : t`baht`,
    money: format,
    amount: (value: number) => {
      const money = format(value);
      return kip ? t`${money} kip` : t`${money} baht`;
    },
    parse: (text: string) => parseAmount(i18n, text, currency),
  };
}
