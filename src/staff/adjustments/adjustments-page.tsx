import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Adjustment } from '../../../contract/staff-adjustments';
import { isApiError } from '../../lib/http';
import { useOnline } from '../../ui/use-online';
import { ConfirmDialog } from '../queues/confirm-dialog';
import { useQueueFormat } from '../queues/queue-format';
import { DecisionReasonField, decisionReasonReady } from '../queues/reason-field';
import { meQueryOptions } from '../session/queries';
import { RoleGate } from '../shell/role-gate';
import { NotAllowed, QueryState } from '../shell/route-states';
import { ScrollRegion } from '../shell/scroll-region';
import { staffErrorMessage } from '../staff-errors';
import { useFocusHeading } from '../use-focus-heading';
import { AdjustmentForm } from './adjustment-form';
import { adjustmentsQueryOptions, useDecideAdjustment } from './queries';
import { personOf } from '../../../contract/staff';
import { StaffNotice, type Notice } from '../queues/staff-notice';

type Decision = { action: 'approve' | 'reject'; row: Adjustment } | null;

/** Finance and admin: credit, debit or reverse by hand; above the threshold a second person approves (four eyes). */
export function AdjustmentsPage() {
  return (
    <RoleGate path="/adjustments">
      <Adjustments />
    </RoleGate>
  );
}

function Adjustments() {
  const { t } = useLingui();
  const query = useQuery(adjustmentsQueryOptions());
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const heading = useFocusHeading();
  const online = useOnline();
  const [notice, setNotice] = useState<Notice>(null);
  const [decision, setDecision] = useState<Decision>(null);
  const decide = useDecideAdjustment();
  const approveName = ({ id }: Adjustment) => t`Approve adjustment ${id}`;
  const rejectName = ({ id }: Adjustment) => t`Reject adjustment ${id}`;
  if (isApiError(query.error, 'STAFF_FORBIDDEN')) return <NotAllowed />;
  const open = (next: NonNullable<Decision>) => {
    decide.reset();
    setNotice(null);
    setDecision(next);
  };
  return (
    <section aria-labelledby="staff-adjustments-title" className="staff-queue">
      <h1 id="staff-adjustments-title" ref={heading} tabIndex={-1}>
        <Trans>Adjustments</Trans>
      </h1>
      <StaffNotice notice={notice} />
      <QueryState query={query} />
      {query.data && (
        <>
          <AdjustmentForm above={query.data.approvalAbove} left={query.data.creditAloneLeft} onDone={(text) => setNotice({ text })} />
          <h2>
            <Trans>Waiting for a second approver</Trans>
          </h2>
          {query.data.pending.length ? (
            <AdjustmentTable
              label={t`Adjustments waiting, oldest first`}
              rows={query.data.pending}
              actions={(row) =>
                personOf(row.requestedBy) === me.username ? (
                  <Trans>Waiting for another approver</Trans>
                ) : (
                  <>
                    <button type="button" disabled={!online} onClick={() => open({ action: 'approve', row })} aria-label={approveName(row)}>
                      <Trans>Approve</Trans>
                    </button>
                    <button
                      type="button"
                      className="staff-secondary"
                      disabled={!online}
                      onClick={() => open({ action: 'reject', row })}
                      aria-label={rejectName(row)}
                    >
                      <Trans>Reject</Trans>
                    </button>
                  </>
                )
              }
            />
          ) : (
            <p>
              <Trans>No adjustment is waiting.</Trans>
            </p>
          )}
          <h2>
            <Trans>Recently decided</Trans>
          </h2>
          {query.data.recent.length ? (
            <AdjustmentTable label={t`Decided adjustments, newest first`} rows={query.data.recent} />
          ) : (
            <p>
              <Trans>None yet.</Trans>
            </p>
          )}
        </>
      )}
      {decision && (
        <DecisionDialog
          decision={decision}
          action={decide}
          onDone={(text, conflict) => {
            setNotice({ text, conflict });
            setDecision(null);
          }}
          onClose={() => setDecision(null)}
        />
      )}
    </section>
  );
}

function AdjustmentTable({ label, rows, actions }: { label: string; rows: Adjustment[]; actions?: (row: Adjustment) => React.ReactNode }) {
  const { t } = useLingui();
  const { money, when } = useQueueFormat();
  const kinds = { credit: t`Credit`, debit: t`Debit`, reverse: t`Reversal` };
  const statuses = { PENDING: t`Waiting`, APPLIED: t`Applied`, REJECTED: t`Rejected` };
  return (
    <ScrollRegion label={label}>
      <table className="staff-table">
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            <th scope="col">{t`When`}</th>
            <th scope="col">{t`Member`}</th>
            <th scope="col">{t`Kind`}</th>
            <th scope="col" className="staff-num">{t`Amount`}</th>
            <th scope="col">{t`Asked by`}</th>
            <th scope="col">{t`Reason`}</th>
            <th scope="col">{actions ? t`Actions` : t`Outcome`}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>
                <time dateTime={row.requestedAt}>{when(row.requestedAt)}</time>
              </td>
              <td>
                {row.member.name}
                <br />
                {row.member.phone}
              </td>
              <td>
                {kinds[row.kind]}
                {row.reverses !== null && ` #${row.reverses}`}
              </td>
              <td className="staff-num">{money(row.amount, row.currency)}</td>
              <td>{row.requestedBy}</td>
              <td>{row.reason}</td>
              <td className={actions ? 'staff-actions' : undefined}>
                {actions
                  ? actions(row)
                  : `${statuses[row.status]}${row.decidedBy ? ` · ${row.decidedBy}` : ''}${row.decisionReason ? ` · ${row.decisionReason}` : ''}`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function DecisionDialog({
  decision: { action, row },
  action: decide,
  onDone,
  onClose,
}: {
  decision: NonNullable<Decision>;
  action: ReturnType<typeof useDecideAdjustment>;
  onDone: (text: string, conflict?: boolean) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const { money } = useQueueFormat();
  const [reason, setReason] = useState('');
  const given = reason.trim();
  const ready = decisionReasonReady(action === 'reject', reason);
  const { id } = row;
  const amount = money(row.amount, row.currency);
  const { name } = row.member;
  const asker = row.requestedBy;
  const run = () =>
    decide.mutate(
      { id, action, body: given ? { reason: given } : ({} as { reason: string }) },
      {
        onSuccess: () =>
          onDone(action === 'approve' ? t`Adjustment ${id} approved and applied.` : t`Adjustment ${id} rejected: nothing moved.`),
        // decided meanwhile, or the wallet holds too little by now: the dialog closes, the sentence says why, the lists are asked again
        onError: (err) => {
          if (isApiError(err) && err.status === 409) onDone(staffErrorMessage(i18n, err), true);
        },
      },
    );
  return (
    <ConfirmDialog
      title={action === 'approve' ? <Trans>Approve adjustment {id}</Trans> : <Trans>Reject adjustment {id}</Trans>}
      confirmLabel={action === 'approve' ? <Trans>Approve and apply</Trans> : <Trans>Reject adjustment</Trans>}
      tone={action === 'reject' ? 'danger' : 'default'}
      ready={ready}
      pending={decide.isPending}
      error={decide.error}
      onConfirm={run}
      onClose={onClose}
    >
      <p>
        {action === 'approve' ? (
          <Trans>
            {amount} moves in {name}’s wallet now, as {asker} asked.
          </Trans>
        ) : (
          <Trans>Nothing moves in {name}’s wallet.</Trans>
        )}
      </p>
      <DecisionReasonField required={action === 'reject'} value={reason} onChange={setReason} />
    </ConfirmDialog>
  );
}
