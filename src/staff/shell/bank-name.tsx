import { useLingui } from '@lingui/react/macro';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffBanks } from '../../../contract/staff';
import { staffApi } from '../api';
import { staffKeys } from '../session/queries';

export const banksQueryOptions = () =>
  queryOptions({
    queryKey: [...staffKeys.all, 'banks'] as const,
    queryFn: ({ signal }) => staffApi<StaffBanks>('/api/staff/banks', { signal }),
    // the operator adds a bank rarely: once a visit
    staleTime: Infinity,
  });

/**
 * A bank's name in the console's language: Thai, Lao where the operator gave one (else English), English
 * otherwise. The console in Lao runs under the locale 'lo'.
 */
export function bankNameIn(bank: { nameTH: string; nameEN: string; nameLA: string | null }, locale: string): string {
  if (locale === 'th') return bank.nameTH;
  if (locale === 'lo') return bank.nameLA ?? bank.nameEN;
  return bank.nameEN;
}

/** A bank by its name in the console's language, its code beside it (`Kasikornbank (004)`, a slip's code); the code alone until the names arrive. */
export function BankName({ code }: { code: string }) {
  const { i18n } = useLingui();
  const { data } = useQuery(banksQueryOptions());
  const bank = data?.banks.find((b) => b.code === code || b.slipCode === code);
  if (!bank) return <>{code}</>;
  return (
    <>
      {bankNameIn(bank, i18n.locale)} <span className="staff-muted">({code})</span>
    </>
  );
}
