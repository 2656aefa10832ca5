import { Trans, useLingui } from '@lingui/react/macro';
import { BONUS_RULES } from '../../../contract/staff-bonuses';
import { parseAmount, useQueueFormat } from '../queues/queue-format';
import { TextField } from '../shell/text-field';

/**
 * What a bonus and a promotion code both give and hold a member to, as the console's two forms ask for it:
 * a percentage of the deposit up to a maximum or a fixed amount, the smallest deposit, the turnover and
 * the forfeit on cancelling. The fields as typed (text, so a half-typed number stays as it is).
 */
export interface OfferText {
  giveKind: 'percent' | 'fixed';
  percent: string;
  max: string;
  fixed: string;
  minDeposit: string;
  turnover: string;
  percentFail: string;
}

type Currency = 'BAHT' | 'LAK';
type Give = { percent: number; max: number } | { fixed: number };
export interface Offer {
  give: Give;
  minDeposit: number;
  turnover: number;
  percentFail: number;
}

/** The fields of a stored offer, or of a new one (`giveKind` as the form starts). */
export const offerText = (o: Offer | undefined, giveKind: OfferText['giveKind']): OfferText => ({
  giveKind: o ? ('fixed' in o.give ? 'fixed' : 'percent') : giveKind,
  percent: o && 'percent' in o.give ? String(o.give.percent) : '',
  max: o && 'max' in o.give ? String(o.give.max) : '',
  fixed: o && 'fixed' in o.give ? String(o.give.fixed) : '',
  minDeposit: String(o?.minDeposit ?? 0),
  turnover: String(o?.turnover ?? 1),
  percentFail: String(o?.percentFail ?? 100),
});

/** A whole number within the rule (thousands separators allowed), or null. */
export const wholeIn = (text: string, rule: { min: number; max: number }) => {
  const clean = text.replace(/[,\s]/g, '');
  return /^\d+$/.test(clean) && Number(clean) >= rule.min && Number(clean) <= rule.max ? Number(clean) : null;
};

/** The offer the fields make; `need` notes a field that is missing or wrong by its name. */
export function offerOf(f: OfferText, currency: Currency, need: <T>(name: string, value: T | null) => T): Offer {
  const minDeposit = f.minDeposit.trim() === '0' ? 0 : parseAmount(f.minDeposit, currency);
  return {
    give:
      f.giveKind === 'fixed'
        ? { fixed: need('fixed', parseAmount(f.fixed, currency)) }
        : { percent: need('percent', wholeIn(f.percent, BONUS_RULES.percent)), max: need('max', parseAmount(f.max, currency)) },
    minDeposit: need('minDeposit', minDeposit),
    turnover: need('turnover', wholeIn(f.turnover, BONUS_RULES.turnover)),
    percentFail: need('percentFail', wholeIn(f.percentFail, BONUS_RULES.percentFail)),
  };
}

/** What it gives, as the preview says it. */
export function useGivesText() {
  const { t } = useLingui();
  const { money } = useQueueFormat();
  return (give: Give, currency: Currency) => {
    if ('fixed' in give) return money(give.fixed, currency);
    const { percent } = give;
    const max = money(give.max, currency);
    return t`${percent}% of the deposit, up to ${max}`;
  };
}

/** What it gives (then `between`, e.g. how many may receive it), the smallest deposit, turnover and forfeit. */
export function OfferInputs({
  f,
  set,
  problem,
  between,
}: {
  f: OfferText;
  set: (patch: Partial<OfferText>) => void;
  problem: (name: string, text: string) => string;
  between?: React.ReactNode;
}) {
  const { t } = useLingui();
  return (
    <>
      <fieldset className="staff-field">
        <legend>
          <Trans>What it gives</Trans>
        </legend>
        <label className="check">
          <input type="radio" name="give" checked={f.giveKind === 'percent'} onChange={() => set({ giveKind: 'percent' })} />
          <Trans>A percentage of the deposit, up to a maximum</Trans>
        </label>
        <label className="check">
          <input type="radio" name="give" checked={f.giveKind === 'fixed'} onChange={() => set({ giveKind: 'fixed' })} />
          <Trans>A fixed amount</Trans>
        </label>
      </fieldset>
      {f.giveKind === 'percent' ? (
        <>
          <TextField
            label={t`Percent`}
            value={f.percent}
            onChange={(percent) => set({ percent })}
            error={problem('percent', t`A whole number from 1 to 1,000.`)}
          />
          <TextField label={t`Maximum`} value={f.max} onChange={(max) => set({ max })} error={problem('max', t`An amount above 0.`)} />
        </>
      ) : (
        <TextField label={t`Amount`} value={f.fixed} onChange={(fixed) => set({ fixed })} error={problem('fixed', t`An amount above 0.`)} />
      )}
      {between}
      <TextField
        label={t`Smallest deposit it is given for`}
        value={f.minDeposit}
        onChange={(minDeposit) => set({ minDeposit })}
        error={problem('minDeposit', t`An amount, or 0.`)}
      />
      <TextField
        label={t`Turnover (times the deposit and bonus)`}
        value={f.turnover}
        onChange={(turnover) => set({ turnover })}
        error={problem('turnover', t`A whole number from 0 to 100.`)}
      />
      <TextField
        label={t`Forfeited on cancelling (percent of the bonus)`}
        value={f.percentFail}
        onChange={(percentFail) => set({ percentFail })}
        error={problem('percentFail', t`A whole number from 0 to 100.`)}
      />
    </>
  );
}
