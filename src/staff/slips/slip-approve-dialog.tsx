import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ReviewSlip } from '../../../contract/staff-queues';
import { MONEY_DECIMALS } from '../../lib/format';
import { TextField } from '../../ui/field';
import { ConfirmDialog } from '../queues/confirm-dialog';
import { minorUnits, parseAmount, useQueueFormat } from '../queues/queue-format';
import { ReasonField, reasonValid } from '../queues/reason-field';
import type { useQueueOutcome } from '../queues/use-queue-outcome';
import { STAFF_ERROR_MESSAGES } from '../staff-errors';
import type { useApproveSlip } from './mutations';

interface Props {
  slip: ReviewSlip;
  action: ReturnType<typeof useApproveSlip>;
  outcome: ReturnType<typeof useQueueOutcome>;
  onClose: () => void;
}

/**
 * Approve: the bank's amount, prefilled, is credited as it is (the call names no amount and no reason).
 * Another amount shows how far it is from the bank's and needs a reason; with no bank amount, both the
 * amount and a reason are needed. An approval held for a second person is prefilled with its amount (the
 * reason is the second person's own). What
 * is above the bank's is the clerk's word: past their allowance the server holds it (202 CREDIT_WAITS).
 */
export function SlipApproveDialog({ slip, action, outcome, onClose }: Props) {
  const { t, i18n } = useLingui();
  const { money } = useQueueFormat();
  const { bankAmount, currency, reference, hold } = slip;
  const confirmed = bankAmount === null ? '' : money(bankAmount, currency);
  // a held approval is offered as asked: approving the same amount is the second person's word on it
  const start = hold ? hold.amount : bankAmount;
  const [amountText, setAmountText] = useState(start === null ? '' : start.toFixed(MONEY_DECIMALS[currency]));
  // the reason is each person's own: the first one's is shown in the hold's note, never offered as the second's
  const [reason, setReason] = useState('');
  const amount = parseAmount(amountText, currency);
  const asBank = bankAmount !== null && amount !== null && minorUnits(amount, currency) === minorUnits(bankAmount, currency);
  const diff =
    bankAmount !== null && amount !== null
      ? (minorUnits(amount, currency) - minorUnits(bankAmount, currency)) / 10 ** MONEY_DECIMALS[currency]
      : 0;
  const more = money(Math.abs(diff), currency);
  const ready = amount !== null && (asBank || reasonValid(reason));
  const run = () => {
    if (amount === null) return;
    outcome.clear();
    const credited = money(amount, currency);
    const name = slip.member.name;
    action.mutate(
      { id: slip.id, body: asBank ? {} : { amount, reason: reason.trim() } },
      outcome.settle(
        onClose,
        t`Slip ${reference} approved: ${credited} credited to ${name}.`,
        t`Slip ${reference}: crediting ${credited} to ${name} waits for a second finance clerk or admin.`,
      ),
    );
  };
  return (
    <ConfirmDialog
      title={<Trans>Approve slip {reference}</Trans>}
      confirmLabel={<Trans>Approve and credit</Trans>}
      ready={ready}
      pending={action.isPending}
      error={action.error}
      onConfirm={run}
      onClose={onClose}
    >
      <TextField
        label={t`Amount to credit`}
        value={amountText}
        onChange={setAmountText}
        inputMode="decimal"
        autoComplete="off"
        required
        data-autofocus
        hint={
          bankAmount === null ? (
            <Trans>The bank did not confirm an amount: enter the amount on the slip, and a reason.</Trans>
          ) : (
            <Trans>The bank confirmed {confirmed}.</Trans>
          )
        }
      />
      <div aria-live="polite">
        {amountText.trim() && amount === null && <p className="form-error">{i18n._(STAFF_ERROR_MESSAGES.AMOUNT_INVALID!)}</p>}
        {diff > 0 && <p className="staff-flag">{t`+${more} more than the bank confirmed`}</p>}
        {diff < 0 && <p className="staff-flag">{t`−${more} less than the bank confirmed`}</p>}
      </div>
      {!asBank && (
        <ReasonField
          label={t`Reason`}
          value={reason}
          onChange={setReason}
          required
          hint={
            bankAmount === null
              ? t`Required when the bank did not confirm the amount: 3 to 500 characters, kept in the audit trail.`
              : t`Required for an amount other than the bank’s: 3 to 500 characters, kept in the audit trail.`
          }
        />
      )}
    </ConfirmDialog>
  );
}
