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

/**
 * Ends the member's running bonus or promotion, with a reason for the audit trail. No money moves: what the
 * wallet holds stays and is free of the turnover; money to take back is a debit adjustment.
 */
export function BonusEndDialog({ page, onDone, onClose }: Props) {
  const { t } = useLingui();
  const [reason, setReason] = useState('');
  const action = useMemberAction(page.id);
  const bonus = page.bonus?.name ?? '';
  const { name } = page;
  const run = () =>
    action.mutate({ action: 'bonus/end', reason: reason.trim() }, { onSuccess: () => onDone(t`${bonus} of ${name} has ended.`) });
  return (
    <ConfirmDialog
      title={<Trans>End {bonus}</Trans>}
      confirmLabel={<Trans>End the bonus</Trans>}
      tone="danger"
      ready={reasonValid(reason)}
      pending={action.isPending}
      error={action.error}
      onConfirm={run}
      onClose={onClose}
    >
      <p>
        <Trans>
          The turnover no longer holds the member's money: they may withdraw at once. No money moves; to take money back, ask for a debit
          adjustment.
        </Trans>
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
