import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '../../lib/format';
import { intlLocale } from '../../lib/i18n';
import { VARIANT } from '../../lib/variant';
import { walletQuery } from '../../lib/member/wallet-query';

/**
 * Whether the member keeps kip: the currency they chose at registration (Lao site), as the wallet
 * says. Asks the server only when no wallet is cached yet; until then, the site's default currency.
 */
export function useKip(): boolean {
  const currency = useQuery({ ...walletQuery(), staleTime: Infinity, select: (w) => w.profile.currency }).data;
  return (currency ?? (VARIANT === 'la' ? 'LAK' : 'BAHT')) === 'LAK';
}

/** Money in words of the member's currency: `amount(100)` is "100.00 baht" or "100.00 kip", `unit` is "baht" or "kip". */
export function useMoneyWords() {
  const { t } = useLingui();
  const kip = useKip();
  return {
    unit: kip ? t`kip` : t`baht`,
    amount: (value: number) => {
      const money = formatMoney(value, intlLocale());
      return kip ? t`${money} kip` : t`${money} baht`;
    },
  };
}
