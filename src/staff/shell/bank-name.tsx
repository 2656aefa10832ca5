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

/** A bank by its name in the console's language, its code beside it (`Kasikornbank (004)`, a slip's code); the code alone until the names arrive. */
export function BankName({ code }: { code: string }) {
  const { i18n } = useLingui();
  const { data } = useQuery(banksQueryOptions());
  const bank = data?.banks.find((b) => b.code === code || b.slipCode === code);
  if (!bank) return <>{code}</>;
  return (
    <>
      {i18n.locale === 'th' ? bank.nameTH : bank.nameEN} <span className="staff-muted">({code})</span>
    </>
  );
}
