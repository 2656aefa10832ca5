import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { MemberPage } from '../../../contract/staff-members';
import { useQueueFormat } from '../queues/queue-format';
import { ScrollRegion } from '../shell/scroll-region';

/** One section of a member's page: a heading and its content, or a sentence when there is nothing. */
export function Section({ title, empty, children }: { title: ReactNode; empty?: ReactNode; children?: ReactNode }) {
  return (
    <section className="staff-section">
      <h2>{title}</h2>
      {empty ?? children}
    </section>
  );
}

/** A table of a section, scrolling on its own at 768 px. */
function Table({ label, head, children }: { label: string; head: ReactNode[]; children: ReactNode }) {
  return (
    <ScrollRegion label={label}>
      <table className="staff-table">
        <caption>{label}</caption>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th scope="col" key={i}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </ScrollRegion>
  );
}

/** Wallet, each game account, coins and refund balance, as the ledger holds them. */
export function Balances({ page }: { page: MemberPage }) {
  const { t } = useLingui();
  const { money } = useQueueFormat();
  const { balances, currency } = page;
  return (
    <Section title={<Trans>Balances</Trans>}>
      <dl className="staff-facts">
        <dt>
          <Trans>Wallet</Trans>
        </dt>
        <dd>{money(balances.wallet, currency)}</dd>
        <dt>
          <Trans>Refund balance</Trans>
        </dt>
        <dd>{money(balances.refund, currency)}</dd>
        <dt>
          <Trans>Spin-wheel coins</Trans>
        </dt>
        <dd>{balances.coins}</dd>
      </dl>
      <Table label={t`Game accounts`} head={[t`Game`, t`Balance`]}>
        {balances.games.map((g) => (
          <tr key={g.code}>
            <td>{g.name}</td>
            <td>{money(g.amount, currency)}</td>
          </tr>
        ))}
      </Table>
    </Section>
  );
}

/**
 * The latest statement lines: the journal entry's number (what an adjustment's reversal names), its kind,
 * from and to, amount, status and time as the server gives them (the member app's sentences stay in the
 * member's code and catalog).
 */
export function Statement({ page }: { page: MemberPage }) {
  const { t } = useLingui();
  const { money, when } = useQueueFormat();
  return (
    <Section
      title={<Trans>Statement (latest 20)</Trans>}
      empty={page.statement.length ? undefined : <Trans>No statement lines yet.</Trans>}
    >
      <Table label={t`Statement lines, newest first`} head={[t`Entry`, t`Time`, t`Type`, t`From`, t`To`, t`Amount`, t`Status`]}>
        {page.statement.map((s) => (
          <tr key={s._id}>
            <td className="staff-mono">{s._id}</td>
            <td>{when(s.createdAt)}</td>
            <td className="staff-mono">{s.statementType}</td>
            <td>{s.provider && s.from === s.provider.code ? s.provider.name : s.from}</td>
            <td>{s.provider && s.to === s.provider.code ? s.provider.name : s.to}</td>
            <td>{money(s.amount, page.currency)}</td>
            <td>{s.status}</td>
          </tr>
        ))}
      </Table>
    </Section>
  );
}

export function Slips({ page }: { page: MemberPage }) {
  const { t } = useLingui();
  const { money, when } = useQueueFormat();
  return (
    <Section title={<Trans>Slips</Trans>} empty={page.slips.length ? undefined : <Trans>No slips.</Trans>}>
      <Table label={t`Slips, newest first`} head={[t`Time`, t`Reference`, t`Amount`, t`Status`, t`Note`]}>
        {page.slips.map((s) => (
          <tr key={s.id}>
            <td>{when(s.createdAt)}</td>
            <td className="staff-mono">{s.reference}</td>
            <td>{money(s.amount, page.currency)}</td>
            <td>{s.status}</td>
            <td>{s.note}</td>
          </tr>
        ))}
      </Table>
    </Section>
  );
}

export function Withdrawals({ page }: { page: MemberPage }) {
  const { t } = useLingui();
  const { money, when } = useQueueFormat();
  return (
    <Section title={<Trans>Withdrawals</Trans>} empty={page.withdrawals.length ? undefined : <Trans>No withdrawals.</Trans>}>
      <Table label={t`Withdrawals, newest first`} head={[t`Time`, t`Amount`, t`To`, t`Status`, t`Bank reference`]}>
        {page.withdrawals.map((w) => (
          <tr key={w.id}>
            <td>{when(w.createdAt)}</td>
            <td>{money(w.amount, page.currency)}</td>
            <td>
              <span className="staff-strong">{w.bankCode}</span> <span className="staff-mono">{w.bankAccountNo}</span>
            </td>
            <td>{w.status}</td>
            <td className="staff-mono">{w.payoutRef}</td>
          </tr>
        ))}
      </Table>
    </Section>
  );
}

export function Bonus({ page }: { page: MemberPage }) {
  const { money } = useQueueFormat();
  const { bonus } = page;
  const left = bonus ? money(bonus.turnoverLeft, page.currency) : '';
  return (
    <Section title={<Trans>Bonus</Trans>} empty={bonus ? undefined : <Trans>No bonus running.</Trans>}>
      {bonus && (
        <p>
          <span className="staff-strong">{bonus.name}</span> · <Trans>Turnover left: {left}</Trans>
        </p>
      )}
    </Section>
  );
}
