import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { MemberPage } from '../../../contract/staff-members';
import { useQueueFormat } from '../queues/queue-format';
import { Section } from './member-sections';

/** The member at a glance (issue 39): lifetime money in and out, the first deposit, the last sign-in. */
export function Overview({ page }: { page: MemberPage }) {
  const { t } = useLingui();
  const { money, when } = useQueueFormat();
  const { overview: o, currency } = page;
  const tally = ({ count, amount }: { count: number; amount: number }) => (
    <>
      {money(amount, currency)}{' '}
      <span className="staff-muted">
        (<Plural value={count} one="# time" other="# times" />)
      </span>
    </>
  );
  return (
    <Section title={<Trans>Overview</Trans>}>
      <dl className="staff-facts staff-overview">
        <dt>{t`Deposits, lifetime`}</dt>
        <dd>{tally(o.deposits)}</dd>
        <dt>{t`Withdrawals paid, lifetime`}</dt>
        <dd>{tally(o.withdrawals)}</dd>
        <dt>{t`Bonuses, lifetime`}</dt>
        <dd>{tally(o.bonuses)}</dd>
        <dt>{t`Net (deposits less withdrawals)`}</dt>
        <dd className="staff-strong">{money(o.net, currency)}</dd>
        <dt>{t`First deposit`}</dt>
        <dd>
          {o.firstDeposit ? (
            <>
              {money(o.firstDeposit.amount, currency)} · <time dateTime={o.firstDeposit.at}>{when(o.firstDeposit.at)}</time>
            </>
          ) : (
            t`None yet`
          )}
        </dd>
        <dt>{t`Last sign-in`}</dt>
        <dd>{o.lastSignInAt ? <time dateTime={o.lastSignInAt}>{when(o.lastSignInAt)}</time> : t`Never`}</dd>
      </dl>
    </Section>
  );
}
