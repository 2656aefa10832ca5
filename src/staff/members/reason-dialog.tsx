import { useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import type { MemberPage } from '../../../contract/staff-members';
import { ConfirmDialog } from '../queues/confirm-dialog';
import { creditWaits } from '../queues/credit-hold';
import { ReasonField, reasonValid } from '../queues/reason-field';
import { useMemberAction } from './queries';

export interface MemberReasonDialogProps {
  page: MemberPage;
  /** The member call, after /api/staff/members/{id}/ ('disable', 'bonus/end'). */
  action: string;
  title: ReactNode;
  confirmLabel: ReactNode;
  tone?: 'default' | 'danger';
  /** What the screen says once it is done. */
  done: string;
  /** What it says when the money policy holds it for a second person instead (202 CREDIT_WAITS). */
  waits?: string;
  /** What the change does, said before it is confirmed. */
  children: ReactNode;
  onDone: (text: string) => void;
  onClose: () => void;
}

/** A change to a member that needs a reason for the audit trail: what it does, the reason, confirmed in the console's dialog. */
export function MemberReasonDialog({
  page,
  action,
  title,
  confirmLabel,
  tone,
  done,
  waits,
  children,
  onDone,
  onClose,
}: MemberReasonDialogProps) {
  const { t } = useLingui();
  const [reason, setReason] = useState('');
  const call = useMemberAction(page.id);
  return (
    <ConfirmDialog
      title={title}
      confirmLabel={confirmLabel}
      tone={tone}
      ready={reasonValid(reason)}
      pending={call.isPending}
      error={call.error}
      onConfirm={() =>
        call.mutate({ action, reason: reason.trim() }, { onSuccess: (answer) => onDone(waits && creditWaits(answer) ? waits : done) })
      }
      onClose={onClose}
    >
      {children}
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
