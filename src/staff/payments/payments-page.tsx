import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { UnmatchedPayment } from '../../../contract/staff-payments';
import { useOnline } from '../../ui/use-online';
import { useQueueFormat } from '../queues/queue-format';
import { QueueScreen } from '../queues/queue-screen';
import { useQueueOutcome } from '../queues/use-queue-outcome';
import { RoleGate } from '../shell/role-gate';
import { ScrollRegion } from '../shell/scroll-region';
import { PaymentDialog, type PaymentDialogState } from './payment-dialog';
import { HoldNote } from '../queues/hold-note';
import { unmatchedPaymentsQueryOptions, useAttachPayment, useRefundedPayment } from './queries';

/** Why the gateway's payment credited nobody (server/src/modules/deposit/qr-callback.ts); another code is shown as it came. */
const WHY: Record<string, MessageDescriptor> = {
  UNKNOWN_CODE: msg`No QR code of ours has this id`,
  WRONG_PROVIDER: msg`Paid through another provider than the code's`,
  AMOUNT_MISMATCH: msg`Another amount than the code asked for`,
  CODE_EXPIRED: msg`The code had expired`,
  CODE_CANCELLED: msg`The code had been cancelled`,
  CODE_PAID: msg`The code was already paid`,
  CODE_CLOSED: msg`The code was paid at the same moment`,
  TEST_PAYMENT: msg`A test payment of the go-live list's test QR code: refund it`,
};

/** Finance and admin: gateway payments that credited nobody, each attached to a member or marked refunded. */
export function PaymentsPage() {
  return (
    <RoleGate path="/payments">
      <Payments />
    </RoleGate>
  );
}

function Payments() {
  const { t, i18n } = useLingui();
  const query = useQuery(unmatchedPaymentsQueryOptions());
  const { money, when } = useQueueFormat();
  const online = useOnline();
  const outcome = useQueueOutcome();
  const [dialog, setDialog] = useState<PaymentDialogState | null>(null);
  // the actions live with the screen, not the dialog: their outcome arrives after the row has left the list
  const actions = { attach: useAttachPayment(), refunded: useRefundedPayment() };
  const open = (next: PaymentDialogState) => {
    actions[next.kind].reset();
    setDialog(next);
  };
  const why = (code: string) => (Object.hasOwn(WHY, code) ? i18n._(WHY[code]!) : code);
  const attachName = ({ gatewayTxnId }: UnmatchedPayment) => t`Attach payment ${gatewayTxnId}`;
  const refundName = ({ gatewayTxnId }: UnmatchedPayment) => t`Mark payment ${gatewayTxnId} refunded`;
  return (
    <>
      <QueueScreen
        id="staff-payments-title"
        title={<Trans>Unmatched payments</Trans>}
        query={query}
        notice={outcome.notice}
        empty={<Trans>No unmatched payment is waiting.</Trans>}
      >
        {(rows) => (
          <ScrollRegion label={t`Unmatched payments, newest first`}>
            <table className="staff-table">
              <caption className="visually-hidden">
                <Trans>Unmatched payments, newest first</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t`Received`}</th>
                  <th scope="col">{t`Payment`}</th>
                  <th scope="col">{t`Why unmatched`}</th>
                  <th scope="col" className="staff-num">{t`Amount`}</th>
                  <th scope="col">{t`Actions`}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.gatewayTxnId}>
                    <td>
                      <time dateTime={row.receivedAt}>{when(row.receivedAt)}</time>
                    </td>
                    <td>
                      <span className="staff-mono">{row.gatewayTxnId}</span>
                      <br />
                      <span className="staff-muted">
                        {row.provider} · {row.ref}
                      </span>
                    </td>
                    <td>
                      {why(row.reason)}
                      {row.codeMemberPhone && <CodeOwner phone={row.codeMemberPhone} />}
                    </td>
                    <td className="staff-num">
                      {money(row.amount, row.currency)}
                      {row.hold && <HoldNote hold={row.hold} currency={row.currency} to={row.hold.phone} />}
                    </td>
                    <td className="staff-actions">
                      <button type="button" disabled={!online} onClick={() => open({ kind: 'attach', row })} aria-label={attachName(row)}>
                        <Trans>Attach</Trans>
                      </button>
                      <button
                        type="button"
                        className="staff-secondary"
                        disabled={!online}
                        onClick={() => open({ kind: 'refunded', row })}
                        aria-label={refundName(row)}
                      >
                        <Trans>Refunded</Trans>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </QueueScreen>
      {dialog && <PaymentDialog dialog={dialog} actions={actions} outcome={outcome} onClose={() => setDialog(null)} />}
    </>
  );
}

/** The member whose code the payment named: a hint, the clerk decides who paid. */
function CodeOwner({ phone }: { phone: string }) {
  return (
    <>
      <br />
      <span className="staff-muted">
        <Trans>Code of {phone}</Trans>
      </span>
    </>
  );
}
