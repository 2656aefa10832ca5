import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { MemberPage } from '../../../contract/staff-members';
import { activityText, movedNoMoney, statusText } from '../../lib/statement-text/activity';
import { withdrawReasonText } from '../../lib/statement-text/withdraw-reasons';
import { useRejectedBecause } from './rejected-because';
import { useQueueFormat } from '../queues/queue-format';
import { StaffTable } from '../shell/staff-table';
import { BankName } from '../shell/bank-name';

/** One section of a member's page: a heading and its content, or a sentence when there is nothing. */
export function Section({ title, empty, children }: { title: ReactNode; empty?: ReactNode; children?: ReactNode }) {
  return (
    <section className="staff-section">
      <h2>{title}</h2>
      {empty ?? children}
    </section>
  );
}

/** Wallet, each game account, coins and refund balance, as the ledger holds them. */
export function Balances({ page }: { page: MemberPage }) {
  const { t } = useLingui();
  const { money } = useQueueFormat();
  const { balances, currency } = page;
  const held = balances.games.filter((g) => g.amount !== 0);
  const empty = balances.games.filter((g) => g.amount === 0);
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
      {held.length > 0 && (
        <StaffTable label={t`Game accounts`} head={[t`Game`, t`Balance`]}>
          {held.map((g) => (
            <tr key={g.code}>
              <td>{g.name}</td>
              <td>{money(g.amount, currency)}</td>
            </tr>
          ))}
        </StaffTable>
      )}
      {/* a row of 0.00 for every game the member never played pushed the figures that matter down */}
      {empty.length > 0 && (
        <details className="staff-fold">
          <summary>
            <Plural value={empty.length} one="# game with no balance" other="# games with no balance" />
          </summary>
          <p>{empty.map((g) => g.name).join(', ')}</p>
        </details>
      )}
    </Section>
  );
}

/**
 * The latest statement lines in the sentences the member reads (the member app's own words, src/lib/statement-text),
 * with the journal entry's number (what an adjustment's reversal names) and its kind for the trail.
 */
export function Statement({ page }: { page: MemberPage }) {
  const { t, i18n } = useLingui();
  const { money, when } = useQueueFormat();
  return (
    <Section
      title={<Trans>Statement (latest 20)</Trans>}
      empty={page.statement.length ? undefined : <Trans>No statement lines yet.</Trans>}
    >
      <StaffTable label={t`Statement lines, newest first`} head={[t`Entry`, t`Time`, t`What the member reads`, t`Amount`, t`Status`]}>
        {page.statement.map((s) => (
          <tr key={s._id}>
            <td className="staff-mono">{s._id}</td>
            <td>{when(s.createdAt)}</td>
            <td>
              {activityText(i18n, s)} <span className="staff-muted staff-mono">{s.statementType}</span>
            </td>
            <td>{movedNoMoney(s) ? <Trans>no money moved</Trans> : money(s.amount, page.currency)}</td>
            <td>
              {statusText(i18n, s)}
              {s.rejectReason && <div className="staff-muted">{withdrawReasonText(i18n, s.rejectReason)}</div>}
            </td>
          </tr>
        ))}
      </StaffTable>
    </Section>
  );
}

export function Slips({ page }: { page: MemberPage }) {
  const { t } = useLingui();
  const { money, when } = useQueueFormat();
  return (
    <Section title={<Trans>Slips</Trans>} empty={page.slips.length ? undefined : <Trans>No slips.</Trans>}>
      <StaffTable label={t`Slips, newest first`} head={[t`Time`, t`Reference`, t`Amount`, t`Status`, t`Note`]}>
        {page.slips.map((s) => (
          <tr key={s.id}>
            <td>{when(s.createdAt)}</td>
            <td className="staff-mono">{s.reference}</td>
            <td>{money(s.amount, page.currency)}</td>
            <td>{s.status}</td>
            <td>{s.note}</td>
          </tr>
        ))}
      </StaffTable>
    </Section>
  );
}

export function Withdrawals({ page }: { page: MemberPage }) {
  const { t } = useLingui();
  const withdrawalState = (status: string) =>
    status === 'SUCCESS' ? t`Paid` : status === 'FAILED' ? t`Rejected` : status === 'PENDING' ? t`Waiting to be paid` : status;
  const rejectedBecause = useRejectedBecause();
  const { money, when } = useQueueFormat();
  return (
    <Section title={<Trans>Withdrawals</Trans>} empty={page.withdrawals.length ? undefined : <Trans>No withdrawals.</Trans>}>
      <StaffTable label={t`Withdrawals, newest first`} head={[t`Time`, t`Amount`, t`To`, t`Status`, t`Bank reference of the payment`]}>
        {page.withdrawals.map((w) => (
          <tr key={w.id}>
            <td>{when(w.createdAt)}</td>
            <td>{money(w.amount, page.currency)}</td>
            <td>
              <span className="staff-strong">{w.bankCode ? <BankName code={w.bankCode} /> : null}</span>{' '}
              <span className="staff-mono">{w.bankAccountNo}</span>
            </td>
            <td>
              {withdrawalState(w.status)}
              {rejectedBecause(w).map((line) => (
                <div key={line} className="staff-muted">
                  {line}
                </div>
              ))}
            </td>
            {/* until paid the column holds the payout hand-off's marker, no bank's reference */}
            <td className="staff-mono">{w.status === 'SUCCESS' && w.payoutRef ? w.payoutRef : '—'}</td>
          </tr>
        ))}
      </StaffTable>
    </Section>
  );
}

/** The running bonus and its turnover left; `children`: what the clerk may do with it (End bonus). */
export function Bonus({ page, children }: { page: MemberPage; children?: ReactNode }) {
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
      {children}
    </Section>
  );
}

/** The member's support conversation: its latest lines, oldest first, and how many wait for an agent. */
export function Chat({ page }: { page: MemberPage }) {
  const { t } = useLingui();
  const { when } = useQueueFormat();
  const { chat } = page;
  const who = { customer: t`Member`, agent: t`Support`, bot: t`Greeter` } as const;
  const unread = chat?.unread ?? 0;
  return (
    <Section title={<Trans>Support chat</Trans>} empty={chat ? undefined : <Trans>The member never wrote to support.</Trans>}>
      {chat && (
        <>
          <p>
            {chat.open ? <Trans>The conversation is open.</Trans> : <Trans>The conversation has ended.</Trans>}{' '}
            {unread > 0 && <Trans>{unread} of the member's messages are not read yet.</Trans>}
          </p>
          <ol className="staff-chat-lines" aria-label={t`The latest messages, oldest first`}>
            {chat.lines.map((l) => (
              <li key={l.id} className={`staff-chat-line staff-chat-${l.sender}`}>
                <span className="staff-strong">{who[l.sender]}</span> <span className="staff-muted">{when(l.createdAt)}</span>
                <p>{l.text}</p>
              </li>
            ))}
          </ol>
        </>
      )}
    </Section>
  );
}
