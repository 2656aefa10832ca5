import { useLingui } from '@lingui/react/macro';
import type { OfferTerms } from '../../../contract/bonus';
import { errorMessage } from '../../lib/errors';
import { useMoneyWords } from '../../ui/member/money-words';

/**
 * What receiving a bonus or promotion does, stated before the member confirms (issue 21): the amount,
 * the turnover it sets, and that the whole balance (their own deposits too) is held until it is played,
 * as the server quoted it for this member. When the server would refuse it, the cause instead.
 * `id` names it for the receive button's description.
 */
export function OfferTermsText({ terms, id }: { terms: OfferTerms; id: string }) {
  const { t, i18n } = useLingui();
  // in the currency the server gave the figures in: the member's own, whatever the site's default
  const { amount: money } = useMoneyWords(terms.currency);
  if (terms.refusal)
    return (
      <p id={id} className="hint">
        {errorMessage(i18n, terms.refusal)}
      </p>
    );
  const amount = money(terms.amount);
  const turnover = money(terms.turnover);
  return (
    <div id={id} className="notice small bonus-terms">
      <p className="strong">{t`Before you receive it`}</p>
      <ul>
        <li>{t`You receive ${amount}.`}</li>
        <li>{t`It sets a turnover of ${turnover}: you must bet that much in games before you can withdraw.`}</li>
        <li>{t`Until then your whole balance is held, your own deposits included: none of it can be withdrawn.`}</li>
      </ul>
    </div>
  );
}
