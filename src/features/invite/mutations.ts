import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { walletKeys } from '../../lib/member/wallet-query';
import { inviteKeys, type InviteResult } from './queries';

/**
 * §7 GET /api/invite/bonus: pays every ready invite record into the wallet. The key makes a retry after
 * a lost answer count once; the wallet and the records refresh either way (it may have gone through).
 */
export function useReceiveInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => api<InviteResult>('/api/invite/bonus', { idempotencyKey: key }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: walletKeys.wallet });
      void queryClient.invalidateQueries({ queryKey: inviteKeys.all });
    },
  });
}
