import { api } from '../../lib/api';
import { moneyMovedKeys } from '../../lib/member/statement-keys';
import { useMoneySubmission } from '../../ui/member/money-submission';
import { inviteKeys, type InviteResult } from './queries';

/**
 * §7 GET /api/invite/bonus: pays every ready invite record into the wallet. The key makes a retry after
 * a lost answer count once; the wallet, the statement and the records refresh either way (it may have gone through).
 */
export const useReceiveInvite = () =>
  useMoneySubmission('invite/bonus', (_: void, key: string) => api<InviteResult>('/api/invite/bonus', { idempotencyKey: key }), [
    ...moneyMovedKeys,
    inviteKeys.all,
  ]);
