import { useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import type { MemberPage } from '../../../contract/staff-members';
import { ConfirmDialog } from '../queues/confirm-dialog';
import { creditWaits } from '../queues/credit-hold';
import { isApiError } from '../../lib/http';
import { staffErrorMessage } from '../staff-errors';
import { RequiredReasonField, reasonValid } from '../queues/reason-field';
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
  /** More of the call's body besides the reason (the bonus the clerk saw). */
  more?: Record<string, unknown>;
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
  more,
  children,
  onDone,
  onClose,
}: MemberReasonDialogProps) {
  const { i18n } = useLingui();
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
        call.mutate(
          { action, reason: reason.trim(), more },
          {
            onSuccess: (answer) => onDone(waits && creditWaits(answer) ? waits : done),
            // what it was about changed meanwhile (the bonus seen ended): closed, the page says so and shows it as it is now
            onError: (err) => {
              if (isApiError(err) && err.status === 409) onDone(staffErrorMessage(i18n, err));
            },
          },
        )
      }
      onClose={onClose}
    >
      {children}
      <RequiredReasonField value={reason} onChange={setReason} />
    </ConfirmDialog>
  );
}
