import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReviewSlip } from '../../../contract/staff-queues';
import { MemberCell } from '../queues/member-cell';
import { useQueueFormat } from '../queues/queue-format';
import { QueueScreen } from '../queues/queue-screen';
import { useQueueOutcome } from '../queues/use-queue-outcome';
import { RoleGate } from '../shell/role-gate';
import { useApproveSlip, useRejectSlip } from './mutations';
import { slipsQueryOptions } from './queries';
import { SlipApproveDialog } from './slip-approve-dialog';
import { SlipDetail } from './slip-detail';
import { slipNote } from './slip-reasons';
import { SlipRejectDialog } from './slip-reject-dialog';
import { ScrollRegion } from '../shell/scroll-region';

/** Finance and admin: slips in review, each seen (its image beside the bank's answer) and approved or rejected. */
export function SlipsPage() {
  return (
    <RoleGate path="/slips">
      <Slips />
    </RoleGate>
  );
}

function Slips() {
  const { t, i18n } = useLingui();
  const query = useQuery(slipsQueryOptions());
  const { money, when } = useQueueFormat();
  const outcome = useQueueOutcome();
  const reviewName = ({ reference }: ReviewSlip) => t`Review slip ${reference}`;
  const [chosenId, setChosenId] = useState<number | null>(null);
  // a slip the clerk picked opens where they look: its details (below the list) scroll into view, focused
  const [picked, setPicked] = useState(false);
  const [dialog, setDialog] = useState<{ kind: 'approve' | 'reject'; slip: ReviewSlip } | null>(null);
  // the actions live with the screen, not the dialog: their outcome arrives after the row has left the list
  const actions = { approve: useApproveSlip(), reject: useRejectSlip() };
  const open = (kind: 'approve' | 'reject', slip: ReviewSlip) => {
    actions[kind].reset();
    setDialog({ kind, slip });
  };
  const close = () => setDialog(null);
  return (
    <>
      <QueueScreen
        id="staff-slips-title"
        title={<Trans>Slips in review</Trans>}
        query={query}
        notice={outcome.notice}
        empty={<Trans>No slip is waiting for review.</Trans>}
      >
        {(rows) => {
          // the chosen slip, or the oldest one: after an action the next one is already open
          const chosen = rows.find((r) => r.id === chosenId) ?? rows[0]!;
          return (
            <div className="staff-review">
              <ScrollRegion label={t`Slips, oldest first`}>
                <table className="staff-table">
                  <caption className="visually-hidden">
                    <Trans>Slips, oldest first</Trans>
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">{t`When`}</th>
                      <th scope="col">{t`Member`}</th>
                      <th scope="col" className="staff-num">
                        {t`Bank’s amount`}
                      </th>
                      <th scope="col">{t`Why in review`}</th>
                      <th scope="col">{t`Slip`}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row) => (
                      <tr key={row.id} className={row.id === chosen.id ? 'staff-chosen' : undefined}>
                        <td>
                          <time dateTime={row.createdAt}>{when(row.createdAt)}</time>
                        </td>
                        <td>
                          <MemberCell member={row.member} />
                        </td>
                        <td className="staff-num">{row.bankAmount === null ? '—' : money(row.bankAmount, row.currency)}</td>
                        <td>{slipNote(i18n, row.note)}</td>
                        <td>
                          <button
                            type="button"
                            className="staff-secondary"
                            aria-pressed={row.id === chosen.id}
                            aria-label={reviewName(row)}
                            onClick={() => {
                              setChosenId(row.id);
                              setPicked(true);
                            }}
                          >
                            <Trans>Review</Trans>
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
              <SlipDetail
                key={chosen.id}
                slip={chosen}
                focusOnOpen={picked}
                onApprove={() => open('approve', chosen)}
                onReject={() => open('reject', chosen)}
              />
            </div>
          );
        }}
      </QueueScreen>
      {dialog?.kind === 'approve' && <SlipApproveDialog slip={dialog.slip} action={actions.approve} outcome={outcome} onClose={close} />}
      {dialog?.kind === 'reject' && <SlipRejectDialog slip={dialog.slip} action={actions.reject} outcome={outcome} onClose={close} />}
    </>
  );
}
