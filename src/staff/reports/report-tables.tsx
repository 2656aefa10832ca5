import { useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CurrencyReport, DepositChannel, Tally } from '../../../contract/staff-reports';
import { useQueueFormat } from '../queues/queue-format';
import { ScrollRegion } from '../shell/scroll-region';
import { StaffTable } from '../shell/staff-table';

const CHANNELS: Record<DepositChannel, MessageDescriptor> = {
  slip: msg`Slip`,
  qr: msg`QR payment`,
  giftLink: msg`Gift link`,
  manual: msg`Deposit request (confirmed by staff)`,
  operator: msg`Operator (command line)`,
  other: msg`Other`,
};

/** A row: its label, a count and an amount (either may be absent: an ended bonus has no amount of its own). */
type Row = [string, number | null, number | null];
const of = (label: string, tally: Tally): Row => [label, tally.count, tally.amount];

/** One section's figures: item, count, amount. */
function FigureTable({ label, rows, currency }: { label: string; rows: Row[]; currency: CurrencyReport['currency'] }) {
  const { t, i18n } = useLingui();
  const { money } = useQueueFormat();
  const number = new Intl.NumberFormat(i18n.locale);
  return (
    <StaffTable label={label} head={[t`Item`, t`Count`, t`Amount`]}>
      {rows.map(([item, count, amount]) => (
        <tr key={item}>
          <th scope="row">{item}</th>
          <td className="staff-num">{count === null ? '' : number.format(count)}</td>
          <td className="staff-num">{amount === null ? '' : money(amount, currency)}</td>
        </tr>
      ))}
    </StaffTable>
  );
}

/** One currency's figures: deposits by channel, adjustments, withdrawals, bonuses, game providers and the net. */
export function CurrencyTables({ report }: { report: CurrencyReport }) {
  const { t, i18n } = useLingui();
  const { money } = useQueueFormat();
  const number = new Intl.NumberFormat(i18n.locale);
  const cur = report.currency;
  const name = cur === 'BAHT' ? t`Baht` : t`Kip`;
  const deposited = report.deposits.reduce((s, d) => ({ count: s.count + d.count, amount: s.amount + d.amount }), { count: 0, amount: 0 });
  return (
    <section aria-labelledby={`staff-report-${cur}`}>
      <h2 id={`staff-report-${cur}`}>{name}</h2>
      <FigureTable
        currency={cur}
        label={t`Deposits (${name})`}
        rows={[
          ...report.deposits.map((d) => of(i18n._(CHANNELS[d.channel]), d)),
          of(t`All deposits`, deposited),
          of(t`Staff credits`, report.adjustments.credits),
          of(t`Staff debits and reversals`, report.adjustments.debits),
        ]}
      />
      <FigureTable
        currency={cur}
        label={t`Withdrawals (${name})`}
        rows={[
          of(t`Paid`, report.withdrawals.paid),
          of(t`Rejected`, report.withdrawals.rejected),
          of(t`Waiting`, report.withdrawals.pending),
        ]}
      />
      <FigureTable
        currency={cur}
        label={t`Bonuses (${name})`}
        rows={[
          of(t`Granted`, report.bonuses.granted),
          [t`Ended`, report.bonuses.finished, null],
          [t`Taken back when they ended`, null, report.bonuses.forfeited],
        ]}
      />
      <ScrollRegion label={t`Game providers (${name})`}>
        <table className="staff-table">
          <caption>{t`Game providers (${name})`}</caption>
          <thead>
            <tr>
              <th scope="col">{t`Provider`}</th>
              <th scope="col">{t`Transfers in`}</th>
              <th scope="col">{t`Transfers out`}</th>
              <th scope="col">{t`Members won`}</th>
              <th scope="col">{t`Members lost`}</th>
              <th scope="col">{t`House result`}</th>
            </tr>
          </thead>
          <tbody>
            {report.providers.map((p) => (
              <tr key={p.provider}>
                <th scope="row">{p.provider}</th>
                <td className="staff-num">{`${money(p.transfersIn.amount, cur)} (${number.format(p.transfersIn.count)})`}</td>
                <td className="staff-num">{`${money(p.transfersOut.amount, cur)} (${number.format(p.transfersOut.count)})`}</td>
                <td className="staff-num">{money(p.won, cur)}</td>
                <td className="staff-num">{money(p.lost, cur)}</td>
                <td className="staff-num">{money(p.net, cur)}</td>
              </tr>
            ))}
            {!report.providers.length && (
              <tr>
                <td colSpan={6}>{t`No game transfers in this period.`}</td>
              </tr>
            )}
          </tbody>
        </table>
      </ScrollRegion>
      <p className="staff-report-net">
        {t`Net (money in minus money out):`} <strong>{money(report.net, cur)}</strong>
      </p>
    </section>
  );
}
