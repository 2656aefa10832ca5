import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { WaitingDepositRequest } from '../../../contract/staff-queues';
import { useOnline } from '../../ui/use-online';
import { ConfirmDialog } from '../queues/confirm-dialog';
import { BankAccount, MemberCell } from '../queues/member-cell';
import { useQueueFormat } from '../queues/queue-format';
import { QueueScreen } from '../queues/queue-screen';
import { DecisionReasonField, decisionReasonReady } from '../queues/reason-field';
import { useQueueOutcome } from '../queues/use-queue-outcome';
import { RoleGate } from '../shell/role-gate';
import { useConfirmDepositRequest, useRejectDepositRequest } from './mutations';
import { depositRequestsQueryOptions } from './queries';
import { ScrollRegion } from '../shell/scroll-region';
import { HoldNote } from '../queues/hold-note';
import { depositAccountsQueryOptions } from '../deposit-accounts/queries';
import { formatAccountNo } from '../../../contract/account-rules';
import { personOf } from '../../../contract/staff';

type Dialog = { kind: 'confirm' | 'reject'; row: WaitingDepositRequest } | null;

/**
 * Finance and admin: manual deposit requests waiting, each confirmed (credited) or rejected with a reason.
 * A confirmation past the clerk's allowance alone waits for a second person: the row shows it.
 */
export function DepositRequestsPage() {
  return (
    <RoleGate path="/deposit-requests">
      <DepositRequests />
    </RoleGate>
  );
}

function DepositRequests() {
  const { t } = useLingui();
  const query = useQuery(depositRequestsQueryOptions());
  const { money, when } = useQueueFormat();
  const online = useOnline();
  const outcome = useQueueOutcome();
  const confirmName = ({ id }: WaitingDepositRequest) => t`Confirm request ${id}`;
  const rejectName = ({ id }: WaitingDepositRequest) => t`Reject request ${id}`;
  const [dialog, setDialog] = useState<Dialog>(null);
  // the actions live with the screen, not the dialog: their outcome arrives after the row has left the list
  const actions = { confirm: useConfirmDepositRequest(), reject: useRejectDepositRequest() };
  const open = (next: NonNullable<Dialog>) => {
    actions[next.kind].reset();
    setDialog(next);
  };
  return (
    <>
      <QueueScreen
        id="staff-deposit-requests-title"
        title={<Trans>Manual deposit requests waiting</Trans>}
        query={query}
        notice={outcome.notice}
        empty={<Trans>No deposit request is waiting.</Trans>}
      >
        {(rows) => (
          <ScrollRegion label={t`Deposit requests, oldest first`}>
            <table className="staff-table">
              <caption className="visually-hidden">
                <Trans>Deposit requests, oldest first</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t`Asked (after the transfer)`}</th>
                  <th scope="col">{t`Transferred (the member says)`}</th>
                  <th scope="col">{t`Member`}</th>
                  <th scope="col">{t`From (the member’s registered account)`}</th>
                  <th scope="col" className="staff-num">{t`Amount`}</th>
                  <th scope="col">{t`Actions`}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td>
                      <time dateTime={row.createdAt}>{when(row.createdAt)}</time>
                    </td>
                    <td>{row.transferredAt ? <time dateTime={row.transferredAt}>{when(row.transferredAt)}</time> : t`Not said`}</td>
                    <td>
                      <MemberCell member={row.member} />
                    </td>
                    <td>
                      <BankAccount
                        bankCode={row.member.bankCode}
                        accountNo={row.member.bankAccountNo}
                        accountName={row.member.bankAccountName}
                      />
                    </td>
                    <td className="staff-num">
                      {money(row.amount, row.currency)}
                      {row.hold && <HoldNote hold={row.hold} currency={row.currency} />}
                    </td>
                    <td className="staff-actions">
                      <button type="button" disabled={!online} onClick={() => open({ kind: 'confirm', row })} aria-label={confirmName(row)}>
                        <Trans>Confirm</Trans>
                      </button>
                      <button
                        type="button"
                        className="staff-secondary"
                        disabled={!online}
                        onClick={() => open({ kind: 'reject', row })}
                        aria-label={rejectName(row)}
                      >
                        <Trans>Reject</Trans>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </QueueScreen>
      {dialog && <DepositRequestDialog dialog={dialog} actions={actions} outcome={outcome} onClose={() => setDialog(null)} />}
    </>
  );
}

function DepositRequestDialog({
  dialog: { kind, row },
  actions: { confirm, reject },
  outcome,
  onClose,
}: {
  dialog: NonNullable<Dialog>;
  actions: { confirm: ReturnType<typeof useConfirmDepositRequest>; reject: ReturnType<typeof useRejectDepositRequest> };
  outcome: ReturnType<typeof useQueueOutcome>;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const { money, when } = useQueueFormat();
  const action = kind === 'confirm' ? confirm : reject;
  const [reason, setReason] = useState('');
  const amount = money(row.amount, row.currency);
  const { id } = row;
  const { name, phone } = row.member;
  const given = reason.trim();
  // which of our deposit accounts the money arrived in (the figures per deposit account): asked of a confirmation
  // whenever the row's currency has one; the only active one is chosen for the clerk
  const accounts = useQuery({ ...depositAccountsQueryOptions(), enabled: kind === 'confirm' });
  const ours = kind === 'confirm' ? (accounts.data?.accounts ?? []).filter((a) => a.currency === row.currency) : [];
  const active = ours.filter((a) => !a.retiredAt);
  const [picked, setPicked] = useState('');
  // a confirmation waiting for this clerk named an account: it is chosen for them, and the hint says whose word it is
  const named = row.hold && ours.some((a) => a.bankAccountNo === row.depositAccountNo) ? row.depositAccountNo : null;
  const arrivedIn = picked || named || (active.length === 1 ? active[0]!.bankAccountNo : '');
  const asker = row.hold ? personOf(row.hold.askedBy) : '';
  const listId = useId();
  // not before the accounts are known (a quick confirmation would count as an unknown account); an outage of
  // that list does not hold a credit up
  const accountsKnown = kind !== 'confirm' || !accounts.isPending;
  const ready = decisionReasonReady(kind === 'reject', reason) && accountsKnown && (ours.length === 0 || arrivedIn !== '');
  const run = () => {
    outcome.clear();
    const settle = outcome.settle(
      onClose,
      kind === 'confirm' ? t`Request ${id} confirmed: ${amount} credited to ${name}.` : t`Request ${id} rejected.`,
      t`Request ${id}: crediting ${amount} to ${name} waits for a second finance clerk or admin.`,
    );
    if (kind === 'confirm')
      confirm.mutate(
        { id: row.id, body: { ...(given ? { reason: given } : {}), ...(arrivedIn ? { depositAccountNo: arrivedIn } : {}) } },
        settle,
      );
    else reject.mutate({ id: row.id, body: { reason: given } }, settle);
  };
  return (
    <ConfirmDialog
      title={kind === 'confirm' ? <Trans>Confirm deposit request {id}</Trans> : <Trans>Reject deposit request {id}</Trans>}
      confirmLabel={kind === 'confirm' ? <Trans>Confirm and credit</Trans> : <Trans>Reject request</Trans>}
      tone={kind === 'reject' ? 'danger' : 'default'}
      ready={ready}
      pending={action.isPending}
      error={action.error}
      onConfirm={run}
      onClose={onClose}
    >
      <p>
        {kind === 'confirm' ? (
          <Trans>
            {amount} will be credited to {name}’s wallet ({phone}). Confirm only when the money has arrived.
          </Trans>
        ) : (
          <Trans>
            Nothing will be credited to {name} ({phone}) for {amount}.
          </Trans>
        )}
      </p>
      {/* what the clerk looks for on the deposit account's statement: a transfer from this account, at the time the member says, before they asked */}
      <dl className="staff-facts">
        <dt>{t`From (the member’s registered account)`}</dt>
        <dd>
          <BankAccount bankCode={row.member.bankCode} accountNo={row.member.bankAccountNo} accountName={row.member.bankAccountName} />
        </dd>
        <dt>{t`Asked (after the transfer)`}</dt>
        <dd>
          <time dateTime={row.createdAt}>{when(row.createdAt)}</time>
        </dd>
        <dt>{t`Transferred (the member says)`}</dt>
        <dd>{row.transferredAt ? <time dateTime={row.transferredAt}>{when(row.transferredAt)}</time> : t`Not said`}</dd>
      </dl>
      {row.hold && <HoldNote hold={row.hold} currency={row.currency} />}
      {ours.length > 0 && (
        <div className="field">
          <label htmlFor={listId}>{t`Arrived in (our deposit account)`}</label>
          <select id={listId} value={arrivedIn} required onChange={(e) => setPicked(e.target.value)} aria-describedby={`${listId}-hint`}>
            {active.length !== 1 && <option value="">{t`Choose the account`}</option>}
            {ours.map((a) => {
              const account = `${a.bankCode} ${formatAccountNo(a.bankAccountNo)}`;
              return (
                <option key={a.key} value={a.bankAccountNo}>
                  {a.retiredAt ? t`${account} (retired)` : account}
                </option>
              );
            })}
          </select>
          <p id={`${listId}-hint`} className="hint">
            {named && arrivedIn === named && <>{t`${asker} said the money arrived in this account.`} </>}
            {t`The account whose statement shows this transfer: the report's figures per deposit account count it there.`}
          </p>
        </div>
      )}
      <DecisionReasonField required={kind === 'reject'} value={reason} onChange={setReason} />
    </ConfirmDialog>
  );
}
