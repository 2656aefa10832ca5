import { queryOptions } from '@tanstack/react-query';
import type { Credentials } from '../../../contract/wallet';
import { api } from '../../lib/api';
import { walletKeys } from '../../lib/member/wallet-query';

export { walletKeys };

/** Game passwords are secrets: never written to IndexedDB. */
export const credentialsQuery = (code: string) =>
  queryOptions({
    queryKey: walletKeys.credentials(code),
    queryFn: () => api<Credentials>(`/api/wallet/account/${code}`),
    meta: { persist: false },
    staleTime: 0,
    gcTime: 60_000,
  });
