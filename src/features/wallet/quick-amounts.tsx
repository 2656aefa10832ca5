import { useLingui } from '@lingui/react/macro';
import { useMoneyWords } from '../../ui/member/money-words';

/** An amount as the amount field takes it: digits and at most 2 decimals, none when whole. */
export const amountText = (value: number) => (Math.floor(value * 100) / 100).toFixed(2).replace(/\.00$/, '');

/**
 * Tap-to-fill amounts under a money form's amount field: "all" (what the form can move at most) first,
 * then the `picks`. A pick above `all` is off: the money is not there.
 */
export function QuickAmounts({ all, picks = [], onPick }: { all: number; picks?: number[]; onPick: (text: string) => void }) {
  const { t } = useLingui();
  // in the member's currency: a kip member's round amounts are whole kip, not baht to the satang
  const { money } = useMoneyWords();
  return (
    <div className="quick-amounts" role="group" aria-label={t`Quick amounts`}>
      <button type="button" className="button small" disabled={all <= 0} onClick={() => onPick(amountText(all))}>
        {t`All`}
      </button>
      {picks.map((value) => (
        <button key={value} type="button" className="button small" disabled={value > all} onClick={() => onPick(amountText(value))}>
          {money(value)}
        </button>
      ))}
    </div>
  );
}
