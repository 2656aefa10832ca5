import { Trans, useLingui } from '@lingui/react/macro';
import type { CreditHold } from '../../../contract/staff-queues';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { MoneyCurrency } from '../../lib/format';
import { personOf } from '../../../contract/staff';
import { meQueryOptions } from '../session/queries';
import { useQueueFormat } from './queue-format';

/**
 * A credit the money policy holds for a second person (issue 36): who asked it, how much, why it waits
 * (a bonus ended early: the bonus money it frees).
 * The asker reads that someone else must approve it; another clerk reads that approving the same amount
 * applies it.
 */
export function HoldNote({
  hold,
  currency,
  to,
  bonus,
}: {
  hold: CreditHold;
  currency: MoneyCurrency;
  to?: string;
  /** The running bonus a staff "End bonus" would free (its amount is the credit judged). */
  bonus?: string;
}) {
  const { t } = useLingui();
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const { money, when } = useQueueFormat();
  const amount = money(hold.amount, currency);
  const asker = personOf(hold.askedBy);
  const at = when(hold.askedAt);
  const theirReason = hold.reason ?? '';
  const because =
    hold.because === 'amount'
      ? t`It is above what one person may credit alone.`
      : t`With ${asker}’s other credits of the last 24 hours it passes what one person may credit alone.`;
  return (
    <div className="staff-flag" role="note">
      <p>
        {bonus ? (
          <Trans>
            Waits for a second person: {asker} asked to end {bonus} at {at}, which frees {amount} of bonus money.
          </Trans>
        ) : to ? (
          <Trans>
            Waits for a second person: {asker} asked to credit {amount} to {to} at {at}.
          </Trans>
        ) : (
          <Trans>
            Waits for a second person: {asker} asked to credit {amount} at {at}.
          </Trans>
        )}{' '}
        {because}
      </p>
      {theirReason && <p>{t`Their reason: ${theirReason}`}</p>}
      <p>
        {me.username === asker || me.role === 'agent' ? (
          <Trans>Another finance clerk or admin must approve it.</Trans>
        ) : bonus ? (
          <Trans>Your “End bonus” ends it.</Trans>
        ) : (
          <Trans>Approving the same credit applies it; another amount is asked afresh.</Trans>
        )}
      </p>
    </div>
  );
}
