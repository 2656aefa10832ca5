import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { DepositAccount, DepositAccountList } from '../../../contract/staff-deposit-accounts';
import { useQueueFormat } from '../queues/queue-format';
import { bankNameIn } from '../shell/bank-name';
import { StaffTable } from '../shell/staff-table';
import { ProposedLine } from '../settings/proposed-line';
import { accountLabel } from './account-dialogs';

/** The accounts, one table per currency: bank, number, name, state, and what an admin may do. */
export function AccountTable({ list, actions }: { list: DepositAccountList; actions: (a: DepositAccount) => ReactNode }) {
  const { t } = useLingui();
  const { when } = useQueueFormat();
  if (!list.accounts.length)
    return (
      <p>
        <Trans>No deposit account yet: members cannot transfer a deposit until one is added.</Trans>
      </p>
    );
  const currencies = [...new Set(list.accounts.map((a) => a.currency))];
  return currencies.map((cur) => (
    <StaffTable
      key={cur}
      label={cur === 'BAHT' ? t`Deposit accounts (Baht)` : t`Deposit accounts (Kip)`}
      head={[t`Bank`, t`Account number`, t`Account name`, t`State`, t`Actions`]}
    >
      {list.accounts
        .filter((a) => a.currency === cur)
        .map((a) => {
          const since = a.retiredAt ? when(a.retiredAt) : '';
          return (
            <tr key={a.key}>
              <td>
                <BankCell account={a} />
              </td>
              <th scope="row">{a.bankAccountNo}</th>
              <td>{a.bankAccountName}</td>
              <td>{a.retiredAt ? <Trans>Retired since {since}</Trans> : <Trans>Active</Trans>}</td>
              <td className="staff-actions">{actions(a)}</td>
            </tr>
          );
        })}
    </StaffTable>
  ));
}

function BankCell({ account }: { account: DepositAccount }) {
  const { i18n } = useLingui();
  return (
    <>
      {bankNameIn(account, i18n.locale)} <span className="staff-muted">({account.bankCode})</span>
    </>
  );
}

/** The change waiting for a second admin: who asked, why, the accounts it adds and retires, and the buttons for who may decide. */
export function PendingChange({
  list,
  mine,
  admin,
  online,
  onAct,
}: {
  list: DepositAccountList;
  mine: boolean;
  admin: boolean;
  online: boolean;
  onAct: (kind: 'approve' | 'reject' | 'withdraw') => void;
}) {
  const { i18n } = useLingui();
  const pending = list.pending!;
  const retired = list.accounts.filter((a) => pending.retires.includes(a.key));
  return (
    <section aria-labelledby="staff-deposit-change-title" className="staff-proposal">
      <h2 id="staff-deposit-change-title">
        <Trans>A change waits for a second admin</Trans>
      </h2>
      <ProposedLine proposal={pending} />
      <ul>
        {pending.adds.map((a) => {
          const label = `${accountLabel(a, i18n.locale)} (${a.bankAccountName}, ${a.currency})`;
          return (
            <li key={a.key}>
              <Trans>Adds {label}</Trans>
            </li>
          );
        })}
        {retired.map((a) => {
          const label = accountLabel(a, i18n.locale);
          return (
            <li key={a.key}>
              <Trans>Retires {label}</Trans>
            </li>
          );
        })}
      </ul>
      {admin &&
        (mine ? (
          <div className="staff-dialog-actions">
            <p>
              <Trans>You proposed it: another admin approves or rejects it.</Trans>
            </p>
            <button type="button" className="staff-secondary" disabled={!online} onClick={() => onAct('withdraw')}>
              <Trans>Withdraw</Trans>
            </button>
          </div>
        ) : (
          <div className="staff-dialog-actions">
            <button type="button" className="staff-secondary" disabled={!online} onClick={() => onAct('reject')}>
              <Trans>Reject the account change</Trans>
            </button>
            <button type="button" disabled={!online} onClick={() => onAct('approve')}>
              <Trans>Approve the account change</Trans>
            </button>
          </div>
        ))}
    </section>
  );
}
