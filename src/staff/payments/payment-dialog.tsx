import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { UnmatchedPayment } from '../../../contract/staff-payments';
import { TextField } from '../../ui/field';
import { ConfirmDialog } from '../queues/confirm-dialog';
import { useQueueFormat } from '../queues/queue-format';
import { ReasonField, reasonValid } from '../queues/reason-field';
import type { useQueueOutcome } from '../queues/use-queue-outcome';
import type { useAttachPayment, useRefundedPayment } from './queries';

export type PaymentDialogState = { kind: 'attach' | 'refunded'; row: UnmatchedPayment };

/** The member's phone as the registration takes it: 9 to 10 digits (the server finds the member or answers 404 NO_DATA). */
const phoneValid = (text: string) => /^\d{9,10}$/.test(text.trim());

/** Attach (a phone and a reason; the sentence says what will be credited to whom) or mark refunded (a reason, a reference if any). */
export function PaymentDialog({
  dialog: { kind, row },
  actions: { attach, refunded },
  outcome,
  onClose,
}: {
  dialog: PaymentDialogState;
  actions: { attach: ReturnType<typeof useAttachPayment>; refunded: ReturnType<typeof useRefundedPayment> };
  outcome: ReturnType<typeof useQueueOutcome>;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const { money } = useQueueFormat();
  // an attachment held for a second person is offered as it was asked: attaching it alike applies it
  const [phone, setPhone] = useState(kind === 'attach' ? (row.hold?.phone ?? '') : '');
  // the reason is each person's own: the first one's is shown in the hold's note, never offered as the second's
  const [reason, setReason] = useState('');
  const [reference, setReference] = useState('');
  const action = kind === 'attach' ? attach : refunded;
  const amount = money(row.amount, row.currency);
  const gatewayTxnId = row.gatewayTxnId;
  const member = phone.trim();
  const ready = reasonValid(reason) && (kind === 'refunded' || phoneValid(phone));
  const run = () => {
    outcome.clear();
    if (kind === 'attach')
      attach.mutate(
        { id: gatewayTxnId, body: { phone: member, reason: reason.trim() } },
        outcome.settle(
          onClose,
          t`Payment ${gatewayTxnId} attached: ${amount} credited to ${member}.`,
          t`Payment ${gatewayTxnId}: crediting ${amount} to ${member} waits for a second finance clerk or admin.`,
        ),
      );
    else {
      const ref = reference.trim();
      refunded.mutate(
        { id: gatewayTxnId, body: { reason: reason.trim(), ...(ref && { reference: ref }) } },
        outcome.settle(onClose, t`Payment ${gatewayTxnId} marked refunded: nothing credited.`),
      );
    }
  };
  return (
    <ConfirmDialog
      title={kind === 'attach' ? <Trans>Attach payment {gatewayTxnId}</Trans> : <Trans>Mark payment {gatewayTxnId} refunded</Trans>}
      confirmLabel={kind === 'attach' ? <Trans>Attach and credit</Trans> : <Trans>Mark refunded</Trans>}
      tone={kind === 'refunded' ? 'danger' : 'default'}
      ready={ready}
      pending={action.isPending}
      error={action.error}
      onConfirm={run}
      onClose={onClose}
    >
      {kind === 'attach' ? (
        <>
          <TextField
            label={t`Member's phone`}
            value={phone}
            onChange={setPhone}
            inputMode="numeric"
            autoComplete="off"
            maxLength={10}
            required
            data-autofocus
          />
          <p>
            {phoneValid(phone) ? (
              <Trans>
                {amount} will be credited to the wallet of the member with phone {member}, as a QR deposit. This cannot be undone here.
              </Trans>
            ) : (
              <Trans>Enter the phone of the member who paid {amount}.</Trans>
            )}
          </p>
        </>
      ) : (
        <>
          <p>
            <Trans>Nothing will be credited: {amount} went back to the payer outside the wallet.</Trans>
          </p>
          <TextField label={t`Bank reference (optional)`} value={reference} onChange={setReference} maxLength={100} autoComplete="off" />
        </>
      )}
      <ReasonField
        label={t`Reason`}
        value={reason}
        onChange={setReason}
        required
        initialFocus={kind === 'refunded'}
        hint={t`3 to 500 characters, kept in the audit trail.`}
      />
    </ConfirmDialog>
  );
}
