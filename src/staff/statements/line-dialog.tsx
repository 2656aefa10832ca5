import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { StatementQueueLine } from '../../../contract/staff-statements';
import { TextField } from '../../ui/field';
import { ConfirmDialog } from '../queues/confirm-dialog';
import { useQueueFormat } from '../queues/queue-format';
import { ReasonField, reasonValid } from '../queues/reason-field';
import type { useQueueOutcome } from '../queues/use-queue-outcome';
import type { useAssignLine, useDismissLine } from './queries';

export type LineDialogState = { kind: 'assign' | 'dismiss'; row: StatementQueueLine };

/** The member's phone as the registration takes it (the server finds the member or answers 404 NO_DATA). */
const phoneValid = (text: string) => /^\d{8,13}$/.test(text.trim());

/** Assign (a phone and a reason; the sentence says what will be credited to whom) or dismiss (a reason; nothing moves). */
export function LineDialog({
  dialog: { kind, row },
  actions: { assign, dismiss },
  outcome,
  onClose,
}: {
  dialog: LineDialogState;
  actions: { assign: ReturnType<typeof useAssignLine>; dismiss: ReturnType<typeof useDismissLine> };
  outcome: ReturnType<typeof useQueueOutcome>;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const { money } = useQueueFormat();
  // a credit held for a second person is offered to the member it was asked for: assigning it alike applies it
  const [phone, setPhone] = useState(
    kind === 'assign' ? (row.member?.phone ?? (row.candidates.length === 1 ? row.candidates[0]!.phone : '')) : '',
  );
  const [reason, setReason] = useState('');
  const action = kind === 'assign' ? assign : dismiss;
  const amount = money(row.amount, row.currency);
  const id = row.id;
  const member = phone.trim();
  const ready = reasonValid(reason) && (kind === 'dismiss' || phoneValid(phone));
  const run = () => {
    outcome.clear();
    if (kind === 'assign')
      assign.mutate(
        { id, body: { phone: member, reason: reason.trim() } },
        outcome.settle(
          onClose,
          t`Statement line ${id}: ${amount} credited to ${member}.`,
          t`Statement line ${id}: crediting ${amount} to ${member} waits for a second finance clerk or admin.`,
        ),
      );
    else
      dismiss.mutate(
        { id, body: { reason: reason.trim() } },
        outcome.settle(onClose, t`Statement line ${id} dismissed: nothing credited.`),
      );
  };
  return (
    <ConfirmDialog
      title={kind === 'assign' ? <Trans>Assign statement line {id}</Trans> : <Trans>Dismiss statement line {id}</Trans>}
      confirmLabel={kind === 'assign' ? <Trans>Assign and credit</Trans> : <Trans>Dismiss</Trans>}
      tone={kind === 'dismiss' ? 'danger' : 'default'}
      ready={ready}
      pending={action.isPending}
      error={action.error}
      onConfirm={run}
      onClose={onClose}
    >
      {kind === 'assign' ? (
        <>
          <TextField
            label={t`Member's phone`}
            value={phone}
            onChange={setPhone}
            inputMode="numeric"
            autoComplete="off"
            maxLength={13}
            required
            data-autofocus
          />
          <p>
            {phoneValid(phone) ? (
              <Trans>
                {amount} will be credited to the wallet of the member with phone {member}, as a bank transfer deposit.
              </Trans>
            ) : (
              <Trans>Enter the phone of the member who sent {amount}.</Trans>
            )}
          </p>
        </>
      ) : (
        <p>
          <Trans>
            Nothing will be credited for this line of {amount}. Say why: it went back to the sender, it is no member's deposit, or it was
            credited otherwise.
          </Trans>
        </p>
      )}
      <ReasonField
        label={t`Reason`}
        value={reason}
        onChange={setReason}
        required
        initialFocus={kind === 'dismiss'}
        hint={t`3 to 500 characters, kept in the audit trail.`}
      />
    </ConfirmDialog>
  );
}
