import { projectLang } from '../i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { personOf } from '../../../contract/staff';
import type { StaffBonus, StaffBonusList } from '../../../contract/staff-bonuses';
import { isApiError } from '../../lib/http';
import { useOnline } from '../../ui/use-online';
import { ConfirmDialog } from '../queues/confirm-dialog';
import { useQueueFormat } from '../queues/queue-format';
import { DecisionReasonField, decisionReasonReady } from '../queues/reason-field';
import { meQueryOptions } from '../session/queries';
import { RoleGate } from '../shell/role-gate';
import { NotAllowed, QueryState } from '../shell/route-states';
import { StaffTable } from '../shell/staff-table';
import { staffErrorMessage } from '../staff-errors';
import { useFocusHeading } from '../use-focus-heading';
import { BonusForm } from './bonus-form';
import { bonusesQueryOptions, useBonusAction, type BonusAction } from './queries';
import { StaffNotice, type Notice } from '../queues/staff-notice';
import { SecondAdminActions } from '../queues/second-admin-actions';

type Editing = { bonus?: StaffBonus } | null;
/** What the admin chose: a withdrawal is their own change's rejection, said in its own words. */
type Acting = { action: BonusAction | 'withdraw'; row: StaffBonus } | null;

/** Finance reads, admins add, change, stop and offer bonuses; a budget beyond one admin's allowance waits for a second. */
export function BonusesPage() {
  return (
    <RoleGate path="/bonuses">
      <Bonuses />
    </RoleGate>
  );
}

function Bonuses() {
  const { t } = useLingui();
  const query = useQuery(bonusesQueryOptions());
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const heading = useFocusHeading();
  const online = useOnline();
  const [notice, setNotice] = useState<Notice>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [acting, setActing] = useState<Acting>(null);
  const act = useBonusAction();
  if (isApiError(query.error, 'STAFF_FORBIDDEN')) return <NotAllowed />;
  const admin = me.role === 'admin';
  const open = (next: NonNullable<Acting>) => {
    act.reset();
    setNotice(null);
    setActing(next);
  };
  return (
    <section aria-labelledby="staff-bonuses-title" className="staff-queue">
      <h1 id="staff-bonuses-title" ref={heading} tabIndex={-1}>
        <Trans>Bonuses</Trans>
      </h1>
      <StaffNotice notice={notice} />
      <QueryState query={query} />
      {query.data && admin && (
        <p>
          <button type="button" disabled={!online} onClick={() => setEditing({})}>
            <Trans>New bonus</Trans>
          </button>
        </p>
      )}
      {query.data && (
        <BonusTable
          list={query.data}
          actions={(row) => {
            if (!admin) return null;
            const code = row.bonus.code;
            const waiting = row.waiting;
            if (waiting)
              return (
                <SecondAdminActions
                  mine={personOf(waiting.proposedBy) === me.username}
                  online={online}
                  labels={{
                    approve: t`Approve the change of ${code}`,
                    reject: t`Reject the change of ${code}`,
                    withdraw: t`Withdraw the change of ${code}`,
                  }}
                  onApprove={() => open({ action: 'approve', row })}
                  onReject={() => open({ action: 'reject', row })}
                  onWithdraw={() => open({ action: 'withdraw', row })}
                />
              );
            return (
              <>
                <button type="button" disabled={!online} onClick={() => setEditing({ bonus: row })} aria-label={t`Change ${code}`}>
                  <Trans>Change</Trans>
                </button>
                <button
                  type="button"
                  className="staff-secondary"
                  disabled={!online}
                  onClick={() => open({ action: row.offered ? 'stop' : 'offer', row })}
                  aria-label={row.offered ? t`Stop offering ${code}` : t`Offer again: ${code}`}
                >
                  {row.offered ? <Trans>Stop offering</Trans> : <Trans>Offer again</Trans>}
                </button>
              </>
            );
          }}
        />
      )}
      {editing && query.data && (
        <BonusForm
          bonus={editing.bonus?.bonus}
          currency={query.data.currency}
          aloneLeft={query.data.aloneLeft}
          onDone={(text) => {
            setNotice({ text });
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      )}
      {acting && (
        <ActionDialog
          acting={acting}
          action={act}
          onDone={(text, conflict) => {
            setNotice({ text, conflict });
            setActing(null);
          }}
          onClose={() => setActing(null)}
        />
      )}
    </section>
  );
}

function BonusTable({ list, actions }: { list: StaffBonusList; actions: (row: StaffBonus) => React.ReactNode }) {
  const { t, i18n } = useLingui();
  const { money } = useQueueFormat();
  const number = new Intl.NumberFormat(i18n.locale);
  const cur = list.currency;
  const how = { limit: t`in all`, day: t`a day`, week: t`a week` };
  if (!list.bonuses.length)
    return (
      <p>
        <Trans>No bonus yet.</Trans>
      </p>
    );
  return (
    <StaffTable
      label={t`Bonuses`}
      head={[t`Bonus`, t`Gives`, t`Times`, t`Smallest deposit`, t`Turnover`, t`Budget`, t`Given`, t`Holding it`, t`State`, t`Actions`]}
    >
      {list.bonuses.map((row) => {
        const b = row.bonus;
        const percent = 'percent' in b.give ? b.give.percent : 0;
        const max = 'max' in b.give ? money(b.give.max, cur) : '';
        const gives = 'fixed' in b.give ? money(b.give.fixed, cur) : t`${percent}% up to ${max}`;
        const proposer = row.waiting?.proposedBy;
        const times = number.format(b.maxReceived);
        const state = row.waiting
          ? row.waiting.kind === 'add'
            ? t`New: waits for a second admin (${proposer})`
            : t`A change waits for a second admin (${proposer})`
          : row.offered
            ? t`Offered`
            : t`Not offered`;
        return (
          <tr key={b.code}>
            <th scope="row">
              {b.code}
              <br />
              {b.name[projectLang(i18n.locale)] || b.name.th}
            </th>
            <td>{gives}</td>
            <td>{`${times} ${how[b.type]}`}</td>
            <td className="staff-num">{money(b.minDeposit, cur)}</td>
            <td className="staff-num">{`×${number.format(b.turnover)}`}</td>
            <td className="staff-num">{row.unbudgeted ? t`No limit (CLI)` : money(b.budget, cur)}</td>
            <td className="staff-num">{money(row.given, cur)}</td>
            <td className="staff-num">{number.format(row.holders)}</td>
            <td>{state}</td>
            <td className="staff-actions">{actions(row)}</td>
          </tr>
        );
      })}
    </StaffTable>
  );
}

function ActionDialog({
  acting: { action, row },
  action: act,
  onDone,
  onClose,
}: {
  acting: NonNullable<Acting>;
  action: ReturnType<typeof useBonusAction>;
  onDone: (text: string, conflict?: boolean) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const [reason, setReason] = useState('');
  const code = row.bonus.code;
  const required = action !== 'approve';
  const asker = row.waiting?.proposedBy;
  const why = row.waiting?.reason;
  const ready = decisionReasonReady(required, reason);
  const done = {
    approve: t`The change of ${code} is approved and applied.`,
    reject: t`The change of ${code} is rejected: nothing changed.`,
    withdraw: t`The change of ${code} is withdrawn: nothing changed.`,
    stop: t`${code} is no longer offered. Members who hold it keep it.`,
    offer: t`${code} is offered to members again.`,
  };
  const titles = {
    approve: <Trans>Approve the change of {code}</Trans>,
    reject: <Trans>Reject the change of {code}</Trans>,
    withdraw: <Trans>Withdraw the change of {code}</Trans>,
    stop: <Trans>Stop offering {code}</Trans>,
    offer: <Trans>Offer {code} again</Trans>,
  };
  const run = () =>
    act.mutate(
      { code, action: action === 'withdraw' ? 'reject' : action, reason: reason.trim() || undefined },
      {
        onSuccess: () => onDone(done[action]),
        onError: (err) => {
          if (isApiError(err) && err.status === 409) onDone(staffErrorMessage(i18n, err), true);
        },
      },
    );
  return (
    <ConfirmDialog
      title={titles[action]}
      confirmLabel={titles[action]}
      tone={action === 'reject' || action === 'withdraw' || action === 'stop' ? 'danger' : 'default'}
      ready={ready}
      pending={act.isPending}
      error={act.error}
      onConfirm={run}
      onClose={onClose}
    >
      {action === 'approve' && asker && (
        <p>
          <Trans>
            {asker} asked this: {why}
          </Trans>
        </p>
      )}
      <DecisionReasonField required={required} value={reason} onChange={setReason} />
    </ConfirmDialog>
  );
}
