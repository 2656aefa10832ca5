import { projectLang } from '../i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { personOf } from '../../../contract/staff';
import type { StaffPromotion, StaffPromotionList } from '../../../contract/staff-promotions';
import { LANG_TAG } from '../../../contract/lang-tags';
import { isApiError } from '../../lib/http';
import { SafeHtml } from '../../ui/safe-html';
import { useOnline } from '../../ui/use-online';
import { ConfirmDialog } from '../queues/confirm-dialog';
import { useQueueFormat } from '../queues/queue-format';
import { DecisionReasonField, decisionReasonReady } from '../queues/reason-field';
import { StaffNotice, type Notice } from '../queues/staff-notice';
import { SecondAdminActions } from '../queues/second-admin-actions';
import { meQueryOptions } from '../session/queries';
import { RoleGate } from '../shell/role-gate';
import { NotAllowed, QueryState } from '../shell/route-states';
import { StaffTable } from '../shell/staff-table';
import { staffErrorMessage } from '../staff-errors';
import { useFocusHeading } from '../use-focus-heading';
import { PromotionForm } from './promotion-form';
import { promotionsQueryOptions, usePromotionAction, type PromotionAction } from './queries';

/** What the admin chose: a withdrawal is their own code's rejection, said in its own words. */
type Acting = { action: PromotionAction | 'withdraw'; row: StaffPromotion } | null;

/**
 * Promotion codes (contract/staff-promotions.ts): finance reads; an admin adds a code (past their allowance it
 * waits), approves or rejects a code another admin added beyond theirs, withdraws their own, and stops a code.
 */
export function PromotionsPage() {
  return (
    <RoleGate path="/promotions">
      <Promotions />
    </RoleGate>
  );
}

function Promotions() {
  const { t } = useLingui();
  const query = useQuery(promotionsQueryOptions());
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const heading = useFocusHeading();
  const online = useOnline();
  const [notice, setNotice] = useState<Notice>(null);
  const [acting, setActing] = useState<Acting>(null);
  const [adding, setAdding] = useState(false);
  const act = usePromotionAction();
  if (isApiError(query.error, 'STAFF_FORBIDDEN')) return <NotAllowed />;
  const admin = me.role === 'admin';
  const open = (next: NonNullable<Acting>) => {
    act.reset();
    setNotice(null);
    setActing(next);
  };
  return (
    <section aria-labelledby="staff-promotions-title" className="staff-queue">
      <h1 id="staff-promotions-title" ref={heading} tabIndex={-1}>
        <Trans>Promotion codes</Trans>
      </h1>
      <StaffNotice notice={notice} />
      <QueryState query={query} />
      {query.data && admin && (
        <p>
          <button type="button" disabled={!online} onClick={() => setAdding(true)}>
            <Trans>New promotion code</Trans>
          </button>
        </p>
      )}
      {query.data && (
        <PromotionTable
          list={query.data}
          actions={(row) => {
            if (!admin) return null;
            const { code, waiting } = row;
            if (waiting)
              return (
                <SecondAdminActions
                  mine={personOf(waiting.proposedBy) === me.username}
                  online={online}
                  labels={{ approve: t`Approve ${code}`, reject: t`Reject ${code}`, withdraw: t`Withdraw ${code}` }}
                  onApprove={() => open({ action: 'approve', row })}
                  onReject={() => open({ action: 'reject', row })}
                  onWithdraw={() => open({ action: 'withdraw', row })}
                />
              );
            if (!row.offered) return null;
            return (
              <button
                type="button"
                className="staff-secondary"
                disabled={!online}
                onClick={() => open({ action: 'stop', row })}
                aria-label={t`Stop offering ${code}`}
              >
                <Trans>Stop offering</Trans>
              </button>
            );
          }}
        />
      )}
      {adding && query.data && (
        <PromotionForm
          currency={query.data.currency}
          aloneLeft={query.data.aloneLeft}
          onDone={(text) => {
            setNotice({ text });
            setAdding(false);
          }}
          onClose={() => setAdding(false)}
        />
      )}
      {acting && query.data && (
        <ActionDialog
          acting={acting}
          currency={query.data.currency}
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

/** Why a code waits, in the console's words. */
function useWaitReason() {
  const { t } = useLingui();
  return (because: 'amount' | 'day') =>
    because === 'amount'
      ? t`the most it may pay is above the threshold`
      : t`with its admin’s credits of the last 24 hours it passes the threshold`;
}

function PromotionTable({ list, actions }: { list: StaffPromotionList; actions: (row: StaffPromotion) => React.ReactNode }) {
  const { t, i18n } = useLingui();
  const { money } = useQueueFormat();
  const number = new Intl.NumberFormat(i18n.locale);
  const waitReason = useWaitReason();
  const cur = list.currency;
  const lang = projectLang(i18n.locale);
  if (!list.promotions.length)
    return (
      <p>
        <Trans>No promotion code yet.</Trans>
      </p>
    );
  return (
    <StaffTable
      label={t`Promotion codes`}
      head={[t`Code`, t`What members read`, t`Gives`, t`Smallest deposit`, t`Turnover`, t`Used`, t`Most it may pay`, t`State`, t`Actions`]}
    >
      {list.promotions.map((row) => {
        const percent = 'percent' in row.give ? row.give.percent : 0;
        const max = 'max' in row.give ? money(row.give.max, cur) : '';
        const gives = 'fixed' in row.give ? money(row.give.fixed, cur) : t`${percent}% up to ${max}`;
        const used = number.format(row.used);
        const total = row.totalUses === null ? null : number.format(row.totalUses);
        const proposer = row.waiting?.proposedBy;
        const why = row.waiting ? waitReason(row.waiting.because) : '';
        const state = row.waiting ? t`Waits for a second admin (${proposer}): ${why}` : row.offered ? t`Offered` : t`Not offered`;
        return (
          <tr key={row.code}>
            <th scope="row">{row.code}</th>
            <td lang={LANG_TAG[lang]}>
              <SafeHtml html={row.description[lang]} className="rich staff-promotion-text" />
            </td>
            <td>{gives}</td>
            <td className="staff-num">{money(row.minDeposit, cur)}</td>
            <td className="staff-num">{`×${number.format(row.turnover)}`}</td>
            <td className="staff-num">{total === null ? t`${used} of no limit` : t`${used} of ${total}`}</td>
            <td className="staff-num">{row.reach === null ? t`No limit (CLI)` : money(row.reach, cur)}</td>
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
  currency,
  action: act,
  onDone,
  onClose,
}: {
  acting: NonNullable<Acting>;
  currency: StaffPromotionList['currency'];
  action: ReturnType<typeof usePromotionAction>;
  onDone: (text: string, conflict?: boolean) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const { money } = useQueueFormat();
  const waitReason = useWaitReason();
  const [reason, setReason] = useState('');
  const { code, waiting } = row;
  const required = action !== 'approve';
  const ready = decisionReasonReady(required, reason);
  const reach = row.reach === null ? '' : money(row.reach, currency);
  const done = {
    approve: t`${code} is approved: members can find and receive it.`,
    reject: t`${code} is rejected: it is not offered.`,
    withdraw: t`${code} is withdrawn: it is not offered.`,
    stop: t`${code} is no longer offered. Members who hold it keep it.`,
  };
  const titles = {
    approve: <Trans>Approve {code}</Trans>,
    reject: <Trans>Reject {code}</Trans>,
    withdraw: <Trans>Withdraw {code}</Trans>,
    stop: <Trans>Stop offering {code}</Trans>,
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
  const asker = waiting?.proposedBy;
  const why = waiting?.reason;
  const because = waiting ? waitReason(waiting.because) : '';
  return (
    <ConfirmDialog
      title={titles[action]}
      confirmLabel={titles[action]}
      tone={action === 'approve' ? 'default' : 'danger'}
      ready={ready}
      pending={act.isPending}
      error={act.error}
      onConfirm={run}
      onClose={onClose}
    >
      {waiting && (
        <>
          <p>
            <Trans>
              {asker} added it: {why}
            </Trans>
          </p>
          <p>
            <Trans>
              The most it may pay is {reach}; it waits because {because}.
            </Trans>
          </p>
        </>
      )}
      {action === 'approve' && (
        <p>
          <Trans>Approved, members can find and receive it at once; what it pays counts against no one’s allowance.</Trans>
        </p>
      )}
      <DecisionReasonField required={required} value={reason} onChange={setReason} />
    </ConfirmDialog>
  );
}
