import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { WaitingWithdrawal } from '../../../contract/staff-queues';
import { isWithdrawReason, WITHDRAW_REASONS, type WithdrawReason } from '../../../contract/withdraw-reasons';
import { withdrawReasonText } from '../../lib/statement-text/withdraw-reasons';
import { SelectField, TextField } from '../../ui/field';
import { ConfirmDialog } from '../queues/confirm-dialog';
import { BankAccount } from '../queues/member-cell';
import { useQueueFormat } from '../queues/queue-format';
import { ReasonField, reasonValid } from '../queues/reason-field';
import type { useQueueOutcome } from '../queues/use-queue-outcome';
import { referenceValid, type usePayWithdrawal, type useRejectWithdrawal } from './mutations';
import { WITHDRAW_REASON_NAMES } from './withdraw-reason-names';

export type WithdrawalDialogState = { kind: 'pay' | 'reject'; row: WaitingWithdrawal };

interface Props {
  dialog: WithdrawalDialogState;
  actions: { pay: ReturnType<typeof usePayWithdrawal>; reject: ReturnType<typeof useRejectWithdrawal> };
  outcome: ReturnType<typeof useQueueOutcome>;
  onClose: () => void;
}

/**
 * Pay: the bank transfer's reference (required). Reject: what the member reads of why (required, its sentence
 * shown as the member will read it) and the reason for the audit trail (required); the money goes back to the wallet.
 */
export function WithdrawalDialog({ dialog: { kind, row }, actions, outcome, onClose }: Props) {
  const { t, i18n } = useLingui();
  const { money } = useQueueFormat();
  const [text, setText] = useState('');
  const [tell, setTell] = useState<WithdrawReason | ''>('');
  const reads = withdrawReasonText(i18n, tell);
  const action = actions[kind];
  const amount = money(row.amount, row.currency);
  const { id } = row;
  const { name } = row.member;
  const run = () => {
    outcome.clear();
    const value = text.trim();
    if (kind === 'pay')
      actions.pay.mutate(
        { id: row.id, body: { reference: value } },
        outcome.settle(onClose, t`Withdrawal ${id} paid: ${amount} to ${name}.`),
      );
    else
      actions.reject.mutate(
        { id: row.id, body: { reason: value, ...(tell && { memberReason: tell }) } },
        outcome.settle(onClose, t`Withdrawal ${id} rejected: ${amount} returned to ${name}’s wallet.`),
      );
  };
  return (
    <ConfirmDialog
      title={kind === 'pay' ? <Trans>Pay withdrawal {id}</Trans> : <Trans>Reject withdrawal {id}</Trans>}
      confirmLabel={kind === 'pay' ? <Trans>Record as paid</Trans> : <Trans>Reject and return the money</Trans>}
      tone={kind === 'reject' ? 'danger' : 'default'}
      ready={kind === 'pay' ? referenceValid(text) : tell !== '' && reasonValid(text)}
      pending={action.isPending}
      error={action.error}
      onConfirm={run}
      onClose={onClose}
    >
      {kind === 'pay' ? (
        <>
          <p>
            <Trans>
              Transfer {amount} to {name}, then record the bank transfer’s reference:
            </Trans>
          </p>
          <p>
            <BankAccount bankCode={row.bankCode} accountNo={row.bankAccountNo} accountName={row.bankAccountName} />
          </p>
          <TextField
            label={t`Bank transfer reference`}
            value={text}
            onChange={setText}
            required
            minLength={3}
            maxLength={64}
            autoComplete="off"
            data-autofocus
            hint={t`Required: 3 to 64 characters, as the bank shows it.`}
          />
        </>
      ) : (
        <>
          <p>
            <Trans>
              {amount} returns to {name}’s wallet, and nothing is paid.
            </Trans>
          </p>
          <SelectField
            label={t`Why, as the member reads it`}
            value={tell}
            onChange={(v) => setTell(isWithdrawReason(v) ? v : '')}
            required
            data-autofocus
            hint={
              reads ? t`The member reads, in their language: “${reads}”` : t`Required: the sentence the member reads on their statement.`
            }
            hintLive
          >
            <option value="">{t`Choose what the member reads`}</option>
            {WITHDRAW_REASONS.map((code) => (
              <option key={code} value={code}>
                {i18n._(WITHDRAW_REASON_NAMES[code])}
              </option>
            ))}
          </SelectField>
          <ReasonField
            label={t`Reason for the audit trail`}
            value={text}
            onChange={setText}
            required
            hint={t`Required: 3 to 500 characters. Finance and admins see it; the member does not.`}
          />
        </>
      )}
    </ConfirmDialog>
  );
}
