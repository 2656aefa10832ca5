import { useMutation } from '@tanstack/react-query';
import type { Message } from '../../../contract/message';
import type { ChangePasswordBody } from '../../../contract/account';
import { api } from '../../lib/api';

/** §7 PUT /api/account/changepwd: nothing shown elsewhere changes, so nothing is asked again. */
export function useChangePassword() {
  return useMutation({ mutationFn: (body: ChangePasswordBody) => api<Message>('/api/account/changepwd', { method: 'PUT', body }) });
}
