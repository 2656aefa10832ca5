import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { MemberPage } from '../../../contract/staff-members';
import { ConfirmDialog } from '../queues/confirm-dialog';
import { ReasonField, reasonValid } from '../queues/reason-field';
import { useMemberAction } from './queries';

interface Props {
  page: MemberPage;
  onDone: (text: string) => void;
  onClose: () => void;
}

/** Disable (ends every session of the member) or enable, always with a reason for the audit trail. */
export function MemberStatusDialog({ page, onDone, onClose }: Props) {
  const { t } = useLingui();
  const [reason, setReason] = useState('');
  const action = useMemberAction(page.id);
  const disable = page.status === 'active';
  const { name } = page;
  const run = () =>
    action.mutate(
      { action: disable ? 'disable' : 'enable', reason: reason.trim() },
      { onSuccess: () => onDone(disable ? t`${name} is disabled; their sessions ended.` : t`${name} is enabled.`) },
    );
  return (
    <ConfirmDialog
      title={disable ? <Trans>Disable {name}</Trans> : <Trans>Enable {name}</Trans>}
      confirmLabel={disable ? <Trans>Disable and end sessions</Trans> : <Trans>Enable</Trans>}
      tone={disable ? 'danger' : 'default'}
      ready={reasonValid(reason)}
      pending={action.isPending}
      error={action.error}
      onConfirm={run}
      onClose={onClose}
    >
      <p>
        {disable ? (
          <Trans>The member can no longer sign in, and every open session ends now.</Trans>
        ) : (
          <Trans>The member can sign in again.</Trans>
        )}
      </p>
      <ReasonField
        label={t`Reason`}
        value={reason}
        onChange={setReason}
        required
        initialFocus
        hint={t`Required: 3 to 500 characters, kept in the audit trail.`}
      />
    </ConfirmDialog>
  );
}
