import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { InboxContext } from '../../../contract/staff-inbox';
import type { MoneyCurrency } from '../../lib/format';
import { MemberLink } from '../members/member-link';
import { useQueueFormat } from '../queues/queue-format';
import { useRejectedBecause } from '../members/rejected-because';

const LANGUAGE_NAMES: Record<string, string> = { th: 'ไทย', la: 'ລາວ', en: 'English' };

/** A heading and its lines, newest first, or "None." */
function Lines({ title, lines }: { title: ReactNode; lines: ReactNode[] }) {
  return (
    <>
      <h3>{title}</h3>
      {lines.length ? (
        <ul className="staff-list">
          {lines.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      ) : (
        <p className="staff-muted">
          <Trans>None.</Trans>
        </p>
      )}
    </>
  );
}

/** Beside the conversation: the member's money and requests, or where a guest wrote from and in which language. */
export function ContextPanel({ context }: { context: InboxContext }) {
  const { t } = useLingui();
  const { money, when } = useQueueFormat();
  const rejectedBecause = useRejectedBecause();
  if (context.kind === 'guest') {
    const language = context.lang ? (LANGUAGE_NAMES[context.lang] ?? context.lang) : t`not known`;
    const first = when(context.firstMessageAt);
    return (
      <aside className="staff-inbox-context" aria-label={t`About the guest`}>
        <h2>
          <Trans>Guest</Trans>
        </h2>
        <dl className="staff-facts">
          <dt>
            <Trans>Language</Trans>
          </dt>
          <dd>{language}</dd>
          <dt>
            <Trans>First message</Trans>
          </dt>
          <dd>{first}</dd>
          <dt>
            <Trans>Guest id</Trans>
          </dt>
          <dd className="staff-mono">{context.guestId}</dd>
        </dl>
        <h3>
          <Trans>Pages they wrote from</Trans>
        </h3>
        {context.pages.length ? (
          <ol className="staff-list">
            {context.pages.map((p) => (
              <li key={p} className="staff-mono">
                <bdi>{p}</bdi>
              </li>
            ))}
          </ol>
        ) : (
          <p className="staff-muted">
            <Trans>Not known.</Trans>
          </p>
        )}
      </aside>
    );
  }
  const currency = context.currency as MoneyCurrency;
  const left = context.bonus ? money(context.bonus.turnoverLeft, currency) : '';
  const { name } = context;
  return (
    <aside className="staff-inbox-context" aria-label={t`About the member`}>
      <h2>
        <Trans>Member</Trans>
      </h2>
      <p>
        <MemberLink id={context.id}>
          <Trans>Open the member page of {name}</Trans>
        </MemberLink>
      </p>
      <dl className="staff-facts">
        <dt>
          <Trans>Phone</Trans>
        </dt>
        <dd>{context.phone}</dd>
        <dt>
          <Trans>Status</Trans>
        </dt>
        <dd>{context.status === 'active' ? t`Active` : t`Disabled`}</dd>
        <dt>
          <Trans>Wallet</Trans>
        </dt>
        <dd>{money(context.wallet, currency)}</dd>
        <dt>
          <Trans>In games</Trans>
        </dt>
        <dd>{money(context.games, currency)}</dd>
        <dt>
          <Trans>Bonus</Trans>
        </dt>
        <dd>
          {context.bonus ? (
            <>
              {context.bonus.name} · <Trans>Turnover left: {left}</Trans>
            </>
          ) : (
            <Trans>None running</Trans>
          )}
        </dd>
      </dl>
      <Lines
        title={<Trans>Open slips</Trans>}
        lines={context.openSlips.map((s) => (
          <>
            <span className="staff-mono">{s.reference}</span> · {s.status} · {money(s.amount, currency)} · {when(s.at)}
          </>
        ))}
      />
      <Lines
        title={<Trans>Last deposits</Trans>}
        lines={context.deposits.map((d) => `${money(d.amount, currency)} · ${d.what} · ${d.status} · ${when(d.at)}`)}
      />
      <Lines
        title={<Trans>Last withdrawals</Trans>}
        // a rejected one with what the member was told and (finance and admins) the person's reason: the member
        // asking why is answered from here
        lines={context.withdrawals.map((w) =>
          [`${money(w.amount, currency)} · ${w.status} · ${when(w.at)}`, ...rejectedBecause(w)].join(' · '),
        )}
      />
    </aside>
  );
}
