import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { WaitingWithdrawal } from '../../../contract/staff-queues';
import { useOnline } from '../../ui/use-online';
import { BankAccount, MemberCell } from '../queues/member-cell';
import { useQueueFormat } from '../queues/queue-format';
import { QueueScreen } from '../queues/queue-screen';
import { useQueueOutcome } from '../queues/use-queue-outcome';
import { RoleGate } from '../shell/role-gate';
import { usePayWithdrawal, useRejectWithdrawal } from './mutations';
import { toOtherAccount, withdrawalsQueryOptions } from './queries';
import { WithdrawalDialog, type WithdrawalDialogState } from './withdrawal-dialog';
import { ScrollRegion } from '../shell/scroll-region';

/** Finance and admin: withdrawals waiting, each paid with the bank transfer's reference or rejected with a reason. */
export function WithdrawalsPage() {
  return (
    <RoleGate path="/withdrawals">
      <Withdrawals />
    </RoleGate>
  );
}

function Withdrawals() {
  const { t } = useLingui();
  const query = useQuery(withdrawalsQueryOptions());
  const online = useOnline();
  const outcome = useQueueOutcome();
  const [dialog, setDialog] = useState<WithdrawalDialogState | null>(null);
  // the actions live with the screen, not the dialog: their outcome arrives after the row has left the list
  const actions = { pay: usePayWithdrawal(), reject: useRejectWithdrawal() };
  const open = (next: WithdrawalDialogState) => {
    actions[next.kind].reset();
    setDialog(next);
  };
  return (
    <>
      <QueueScreen
        id="staff-withdrawals-title"
        title={<Trans>Withdrawals waiting</Trans>}
        query={query}
        notice={outcome.notice}
        empty={<Trans>No withdrawal is waiting.</Trans>}
      >
        {(rows) => (
          <ScrollRegion label={t`Withdrawals, oldest first`}>
            <table className="staff-table">
              <caption className="visually-hidden">
                <Trans>Withdrawals, oldest first</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t`When`}</th>
                  <th scope="col">{t`Member`}</th>
                  <th scope="col">{t`Pay to`}</th>
                  <th scope="col" className="staff-num">
                    {t`Amount`}
                  </th>
                  <th scope="col">{t`Bonus`}</th>
                  <th scope="col">{t`Actions`}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <WithdrawalRow key={row.id} row={row} online={online} onOpen={open} />
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </QueueScreen>
      {dialog && <WithdrawalDialog dialog={dialog} actions={actions} outcome={outcome} onClose={() => setDialog(null)} />}
    </>
  );
}

function WithdrawalRow({ row, online, onOpen }: { row: WaitingWithdrawal; online: boolean; onOpen: (d: WithdrawalDialogState) => void }) {
  const { t } = useLingui();
  const { money, when } = useQueueFormat();
  const { id } = row;
  const registered = `${row.member.bankCode} ${row.member.bankAccountNo}`;
  const left = row.bonus ? money(row.bonus.turnoverLeft, row.currency) : '';
  return (
    <tr>
      <td>
        <time dateTime={row.createdAt}>{when(row.createdAt)}</time>
      </td>
      <td>
        <MemberCell member={row.member} />
      </td>
      <td>
        <BankAccount bankCode={row.bankCode} accountNo={row.bankAccountNo} accountName={row.bankAccountName} />
        {toOtherAccount(row) && (
          <p className="staff-flag">
            <Trans>Not the member’s registered account ({registered})</Trans>
          </p>
        )}
      </td>
      <td className="staff-num">{money(row.amount, row.currency)}</td>
      <td>
        {!row.bonus ? (
          <span className="staff-muted">
            <Trans>No bonus</Trans>
          </span>
        ) : row.bonus.turnoverLeft > 0 ? (
          <p className="staff-flag">
            {row.bonus.name}
            <br />
            <Trans>Turnover left: {left}</Trans>
          </p>
        ) : (
          <>
            {row.bonus.name}
            <br />
            <span className="staff-muted">
              <Trans>Turnover met</Trans>
            </span>
          </>
        )}
      </td>
      <td className="staff-actions">
        <button type="button" disabled={!online} onClick={() => onOpen({ kind: 'pay', row })} aria-label={t`Pay withdrawal ${id}`}>
          <Trans>Pay</Trans>
        </button>
        <button
          type="button"
          className="staff-secondary"
          disabled={!online}
          onClick={() => onOpen({ kind: 'reject', row })}
          aria-label={t`Reject withdrawal ${id}`}
        >
          <Trans>Reject</Trans>
        </button>
      </td>
    </tr>
  );
}
