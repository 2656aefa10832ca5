import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ACCOUNT_NO_PATTERN, type DepositAccount } from '../../../contract/staff-deposit-accounts';
import { isApiError } from '../../lib/http';
import { SelectField, TextField } from '../../ui/field';
import { ConfirmDialog } from '../queues/confirm-dialog';
import { DecisionReasonField, decisionReasonReady, ReasonField, reasonValid } from '../queues/reason-field';
import { bankNameIn, banksQueryOptions } from '../shell/bank-name';
import { staffErrorMessage } from '../staff-errors';
import { useAddAccount, useDecideAccountChange, useRetireAccount } from './queries';

type Done = (text: string, conflict?: boolean) => void;
/** A 409 closes the dialog and is said on the screen (another admin decided meanwhile, a change waits already). */
const onConflict = (i18n: Parameters<typeof staffErrorMessage>[0], onDone: Done) => (err: unknown) => {
  if (isApiError(err) && err.status === 409) onDone(staffErrorMessage(i18n, err), true);
};

/** An account as staff read it: the bank's name, its number. */
export function accountLabel(a: Pick<DepositAccount, 'nameTH' | 'nameEN' | 'nameLA' | 'bankAccountNo'>, locale: string) {
  return `${bankNameIn(a, locale)} ${a.bankAccountNo}`;
}

/** Proposes a new account; with `replacing`, a rotation: the new one added and that one retired once a second admin approves. */
export function AddAccountDialog({ replacing, onDone, onClose }: { replacing?: DepositAccount; onDone: Done; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const banks = useQuery(banksQueryOptions());
  const add = useAddAccount();
  const [bankCode, setBankCode] = useState(replacing?.bankCode ?? '');
  const [accountNo, setAccountNo] = useState('');
  const [name, setName] = useState(replacing?.bankAccountName ?? '');
  const [currency, setCurrency] = useState<'BAHT' | 'LAK'>(replacing?.currency ?? 'BAHT');
  const [reason, setReason] = useState('');
  const digits = accountNo.replace(/[\s-]/g, '');
  const ready = bankCode !== '' && ACCOUNT_NO_PATTERN.test(digits) && name.trim() !== '' && reasonValid(reason);
  const old = replacing ? accountLabel(replacing, i18n.locale) : '';
  const title = replacing ? <Trans>Replace {old}</Trans> : <Trans>Add a deposit account</Trans>;
  const run = () =>
    add.mutate(
      {
        bankCode,
        bankAccountNo: digits,
        bankAccountName: name.trim(),
        currency,
        reason: reason.trim(),
        ...(replacing && { retire: replacing.key }),
      },
      {
        onSuccess: () => onDone(t`The new account ${digits} waits for a second admin. Members see it once another admin approves it.`),
        onError: onConflict(i18n, onDone),
      },
    );
  return (
    <ConfirmDialog
      title={title}
      confirmLabel={<Trans>Propose the account</Trans>}
      ready={ready}
      pending={add.isPending}
      error={add.error}
      onConfirm={run}
      onClose={onClose}
    >
      <p>
        {replacing ? (
          <Trans>A second admin approves the new account; then members see it and {old} is retired.</Trans>
        ) : (
          <Trans>A second admin approves the new account before members see it.</Trans>
        )}
      </p>
      <SelectField label={t`Bank`} value={bankCode} onChange={setBankCode} required data-autofocus>
        <option value="">{t`Choose the bank`}</option>
        {banks.data?.banks.map((b) => (
          <option key={b.code} value={b.code}>
            {`${bankNameIn(b, i18n.locale)} (${b.code})`}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t`Account number`}
        value={accountNo}
        onChange={setAccountNo}
        inputMode="numeric"
        autoComplete="off"
        required
        hint={<Trans>6 to 20 digits; dashes and spaces are left out.</Trans>}
      />
      <TextField
        label={t`Account name`}
        value={name}
        onChange={setName}
        maxLength={100}
        required
        hint={<Trans>As the bank shows it to members.</Trans>}
      />
      <SelectField label={t`Currency`} value={currency} onChange={(v) => setCurrency(v === 'LAK' ? 'LAK' : 'BAHT')}>
        <option value="BAHT">{t`Baht`}</option>
        <option value="LAK">{t`Kip`}</option>
      </SelectField>
      <ReasonField
        label={t`Reason`}
        value={reason}
        onChange={setReason}
        required
        hint={<Trans>Required: 3 to 500 characters, kept in the audit trail with the change.</Trans>}
      />
    </ConfirmDialog>
  );
}

/** Retires an account at once (one admin): members no longer see it; slips of transfers made soon after are still taken. */
export function RetireDialog({
  account,
  graceHours,
  onDone,
  onClose,
}: {
  account: DepositAccount;
  graceHours: number;
  onDone: Done;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const retire = useRetireAccount();
  const [reason, setReason] = useState('');
  const label = accountLabel(account, i18n.locale);
  const run = () =>
    retire.mutate(
      { key: account.key, reason: reason.trim() },
      { onSuccess: () => onDone(t`${label} is retired: members no longer see it.`), onError: onConflict(i18n, onDone) },
    );
  return (
    <ConfirmDialog
      title={<Trans>Retire {label}</Trans>}
      confirmLabel={<Trans>Retire the account</Trans>}
      tone="danger"
      ready={reasonValid(reason)}
      pending={retire.isPending}
      error={retire.error}
      onConfirm={run}
      onClose={onClose}
    >
      <p>
        <Trans>
          Members no longer see it from now. A slip of a transfer made to it up to {graceHours} hours after now is still credited.
        </Trans>
      </p>
      <DecisionReasonField required value={reason} onChange={setReason} />
    </ConfirmDialog>
  );
}

/** A second admin's approval or rejection of the waiting change; the proposer's withdrawal. */
export function DecideDialog({
  id,
  action,
  proposedBy,
  why,
  onDone,
  onClose,
}: {
  id: number;
  action: 'approve' | 'reject' | 'withdraw';
  proposedBy: string;
  why: string;
  onDone: Done;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const decide = useDecideAccountChange();
  const [reason, setReason] = useState('');
  const required = action !== 'approve';
  const titles = {
    approve: <Trans>Approve the account change</Trans>,
    reject: <Trans>Reject the account change</Trans>,
    withdraw: <Trans>Withdraw your account change</Trans>,
  };
  const done = {
    approve: t`The account change is approved: members see the new account now.`,
    reject: t`The account change is rejected: nothing changed.`,
    withdraw: t`Your account change is withdrawn: nothing changed.`,
  };
  const run = () =>
    decide.mutate(
      { id, action: action === 'approve' ? 'approve' : 'reject', reason: reason.trim() || undefined },
      { onSuccess: () => onDone(done[action]), onError: onConflict(i18n, onDone) },
    );
  return (
    <ConfirmDialog
      title={titles[action]}
      confirmLabel={titles[action]}
      tone={action === 'approve' ? 'default' : 'danger'}
      ready={decisionReasonReady(required, reason)}
      pending={decide.isPending}
      error={decide.error}
      onConfirm={run}
      onClose={onClose}
    >
      {action === 'approve' && (
        <p>
          <Trans>
            {proposedBy} asked this: {why}
          </Trans>
        </p>
      )}
      <DecisionReasonField required={required} value={reason} onChange={setReason} />
    </ConfirmDialog>
  );
}
