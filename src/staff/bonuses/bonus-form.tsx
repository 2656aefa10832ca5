import { LANG_TAG } from '../../../contract/lang-tags';
import { badMoneyPlaceholder } from '../../../contract/money-placeholder';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { BONUS_RULES, type BonusDraft, type StaffBonusList } from '../../../contract/staff-bonuses';
import { FormError } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { SafeHtml } from '../../ui/safe-html';
import { useOnline } from '../../ui/use-online';
import { parseAmount, useQueueFormat } from '../queues/queue-format';
import { ReasonField, reasonValid } from '../queues/reason-field';
import { staffErrorMessage } from '../staff-errors';
import { useSaveBonus } from './queries';

type Currency = StaffBonusList['currency'];
type Lang = 'th' | 'la' | 'en';
const LANGS: Lang[] = ['th', 'la', 'en'];

/** The form's fields as typed (text, so a half-typed number stays as it is). */
interface Fields {
  code: string;
  name: Record<Lang, string>;
  html: Record<Lang, string>;
  type: BonusDraft['type'];
  maxReceived: string;
  giveKind: 'percent' | 'fixed';
  percent: string;
  max: string;
  fixed: string;
  minDeposit: string;
  turnover: string;
  percentFail: string;
  budget: string;
}

const fieldsOf = (b: BonusDraft | undefined): Fields => ({
  code: b?.code ?? '',
  name: { th: b?.name.th ?? '', la: b?.name.la ?? '', en: b?.name.en ?? '' },
  html: { th: b?.html?.th ?? '', la: b?.html?.la ?? '', en: b?.html?.en ?? '' },
  type: b?.type ?? 'limit',
  maxReceived: String(b?.maxReceived ?? 1),
  giveKind: b && 'fixed' in b.give ? 'fixed' : 'percent',
  percent: b && 'percent' in b.give ? String(b.give.percent) : '',
  max: b && 'max' in b.give ? String(b.give.max) : '',
  fixed: b && 'fixed' in b.give ? String(b.give.fixed) : '',
  minDeposit: String(b?.minDeposit ?? 0),
  turnover: String(b?.turnover ?? 1),
  percentFail: String(b?.percentFail ?? 100),
  budget: b ? String(b.budget) : '',
});

/** A whole number within the rule, or null. */
const wholeIn = (text: string, rule: { min: number; max: number }) =>
  /^\d+$/.test(text.trim()) && Number(text) >= rule.min && Number(text) <= rule.max ? Number(text) : null;

/** The draft the fields make, or what is missing: each field's problem by its name. */
function draftOf(f: Fields, currency: Currency): { draft: BonusDraft | null; wrong: Set<string> } {
  const wrong = new Set<string>();
  const need = <T,>(name: string, value: T | null): T => {
    if (value === null) wrong.add(name);
    return value as T;
  };
  const minDeposit = f.minDeposit.trim() === '0' ? 0 : parseAmount(f.minDeposit, currency);
  const give =
    f.giveKind === 'fixed'
      ? { fixed: need('fixed', parseAmount(f.fixed, currency)) }
      : { percent: need('percent', wholeIn(f.percent, BONUS_RULES.percent)), max: need('max', parseAmount(f.max, currency)) };
  const text = (r: Record<Lang, string>) => ({ th: r.th.trim(), la: r.la.trim() || undefined, en: r.en.trim() || undefined });
  const draft: BonusDraft = {
    code: need('code', BONUS_RULES.code.test(f.code) ? f.code : null),
    name: need('name', f.name.th.trim() ? text(f.name) : null),
    ...(f.html.th.trim() && { html: text(f.html) }),
    type: f.type,
    maxReceived: need('maxReceived', wholeIn(f.maxReceived, BONUS_RULES.maxReceived)),
    give,
    minDeposit: need('minDeposit', minDeposit),
    turnover: need('turnover', wholeIn(f.turnover, BONUS_RULES.turnover)),
    percentFail: need('percentFail', wholeIn(f.percentFail, BONUS_RULES.percentFail)),
    budget: need('budget', parseAmount(f.budget, currency)),
  };
  // members read the name and terms with every {money:N} in their currency: one written otherwise would show its braces
  for (const lang of LANGS) {
    if (badMoneyPlaceholder(f.name[lang])) wrong.add(`name.${lang}`);
    if (badMoneyPlaceholder(f.html[lang])) wrong.add(`html.${lang}`);
  }
  return { draft: wrong.size ? null : draft, wrong };
}

/**
 * A new bonus, or a change of one (`bonus` given: its code stays): the CLI's rules, a budget always, a
 * preview of what members read in each language, and what the admin may still put within reach alone.
 */
export function BonusForm({
  bonus,
  currency,
  aloneLeft,
  onDone,
  onClose,
}: {
  bonus?: BonusDraft;
  currency: Currency;
  aloneLeft: number;
  onDone: (text: string) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const { money } = useQueueFormat();
  const online = useOnline();
  const save = useSaveBonus();
  const formId = useId();
  const [f, setF] = useState(() => fieldsOf(bonus));
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const { draft, wrong } = draftOf(f, currency);
  const set = (patch: Partial<Fields>) => setF((old) => ({ ...old, ...patch }));
  const left = money(aloneLeft, currency);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!draft || !reasonValid(reason) || save.isPending || !online) return;
    const { code } = draft;
    save.mutate(
      { code: bonus?.code, body: { bonus: draft, reason: reason.trim() } },
      {
        onSuccess: (change) =>
          onDone(
            change.status === 'PENDING'
              ? t`The change of ${code} waits for a second admin: it adds more budget than you may put within reach alone.`
              : bonus
                ? t`${code} is changed.`
                : t`${code} is offered to members now.`,
          ),
      },
    );
  };
  const problem = (name: string, text: string) => (tried && wrong.has(name) ? text : '');
  // what a field holds that members could not read as an amount, and how to write one
  const example = '{money:50}';
  const unreadable = (field: 'name' | 'html', lang: Lang) => {
    const bad = badMoneyPlaceholder(f[field][lang]) ?? '';
    return problem(`${field}.${lang}`, t`Members cannot read ${bad} as an amount: write ${example} for 50 in the site’s currency.`);
  };
  const names = { th: t`Thai`, la: t`Lao`, en: t`English` };
  const gives = (() => {
    if (!draft) return '';
    if ('fixed' in draft.give) return money(draft.give.fixed, currency);
    const { percent } = draft.give;
    const max = money(draft.give.max, currency);
    return t`${percent}% of the deposit, up to ${max}`;
  })();
  const editedCode = bonus?.code;
  return (
    <Modal
      title={bonus ? <Trans>Change bonus {editedCode}</Trans> : <Trans>New bonus</Trans>}
      onClose={onClose}
      closeLabel={t`Close`}
      footer={
        <div className="staff-dialog-actions">
          <button type="button" className="staff-secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" form={formId} disabled={!online || save.isPending}>
            {bonus ? <Trans>Save the change</Trans> : <Trans>Add the bonus</Trans>}
          </button>
        </div>
      }
    >
      <form id={formId} className="staff-bonus-form" onSubmit={submit} noValidate>
        <p className="hint">
          <Trans>
            You may put {left} within members’ reach alone now (the budgets you add and your credits of the last 24 hours count together). A
            budget added beyond that waits for a second admin.
          </Trans>
        </p>
        <Text
          label={t`Code`}
          value={f.code}
          disabled={Boolean(bonus)}
          onChange={(code) => set({ code: code.toUpperCase() })}
          hint={t`2 to 32 capital letters, digits, _ or -; members never see it.`}
          error={problem('code', t`Use 2 to 32 capital letters, digits, _ or -.`)}
        />
        {LANGS.map((lang) => {
          const language = names[lang];
          return (
            <Text
              key={lang}
              label={t`Name (${language})`}
              value={f.name[lang]}
              onChange={(v) => set({ name: { ...f.name, [lang]: v } })}
              hint={lang === 'th' ? undefined : t`Empty: the Thai name.`}
              error={(lang === 'th' ? problem('name', t`Give the bonus a Thai name.`) : '') || unreadable('name', lang)}
            />
          );
        })}
        {LANGS.map((lang) => {
          const language = names[lang];
          return (
            <Text
              key={lang}
              multiline
              label={t`Terms members read (${language})`}
              value={f.html[lang]}
              onChange={(v) => set({ html: { ...f.html, [lang]: v } })}
              hint={lang === 'th' ? t`HTML; empty: the name.` : t`Empty: the Thai terms.`}
              error={unreadable('html', lang)}
            />
          );
        })}
        <label className="staff-field">
          <Trans>How often a member may receive it</Trans>
          <select value={f.type} onChange={(e) => set({ type: e.target.value as BonusDraft['type'] })}>
            <option value="limit">{t`A number of times in all`}</option>
            <option value="day">{t`A number of times a day`}</option>
            <option value="week">{t`A number of times a week`}</option>
          </select>
        </label>
        <Text
          label={t`Times`}
          value={f.maxReceived}
          onChange={(maxReceived) => set({ maxReceived })}
          error={problem('maxReceived', t`A whole number from 1 to 1,000.`)}
        />
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
            <Text
              label={t`Percent`}
              value={f.percent}
              onChange={(percent) => set({ percent })}
              error={problem('percent', t`A whole number from 1 to 1,000.`)}
            />
            <Text label={t`Maximum`} value={f.max} onChange={(max) => set({ max })} error={problem('max', t`An amount above 0.`)} />
          </>
        ) : (
          <Text label={t`Amount`} value={f.fixed} onChange={(fixed) => set({ fixed })} error={problem('fixed', t`An amount above 0.`)} />
        )}
        <Text
          label={t`Smallest deposit it is given for`}
          value={f.minDeposit}
          onChange={(minDeposit) => set({ minDeposit })}
          error={problem('minDeposit', t`An amount, or 0.`)}
        />
        <Text
          label={t`Turnover (times the deposit and bonus)`}
          value={f.turnover}
          onChange={(turnover) => set({ turnover })}
          error={problem('turnover', t`A whole number from 0 to 100.`)}
        />
        <Text
          label={t`Forfeited on cancelling (percent of the bonus)`}
          value={f.percentFail}
          onChange={(percentFail) => set({ percentFail })}
          error={problem('percentFail', t`A whole number from 0 to 100.`)}
        />
        <Text
          label={t`Budget: the most it may ever pay`}
          value={f.budget}
          onChange={(budget) => set({ budget })}
          error={problem('budget', t`An amount above 0.`)}
        />
        <ReasonField
          label={t`Reason`}
          value={reason}
          onChange={setReason}
          required
          hint={t`3 to 500 characters: why, for the audit trail and the second admin.`}
        />
        <section className="staff-setting-preview" aria-labelledby={`${formId}-preview`}>
          <h3 id={`${formId}-preview`}>
            <Trans>As members will see it</Trans>
          </h3>
          {LANGS.map((lang) => (
            <section key={lang} aria-label={names[lang]} lang={LANG_TAG[lang]}>
              <h4>{f.name[lang].trim() || f.name.th.trim() || '—'}</h4>
              {gives && <p>{gives}</p>}
              <SafeHtml html={f.html[lang].trim() || f.html.th.trim() || f.name[lang].trim() || f.name.th.trim()} className="rich" />
            </section>
          ))}
        </section>
        <FormError
          message={save.error ? staffErrorMessage(i18n, save.error) : tried && !draft ? t`Some fields need a change: see above.` : ''}
        />
      </form>
    </Modal>
  );
}

/** A labelled text field (or text area) with its hint and its problem, tied to it for screen readers. */
function Text({
  label,
  value,
  onChange,
  hint,
  error = '',
  disabled,
  multiline,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
  error?: string;
  disabled?: boolean;
  multiline?: boolean;
}) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const props = {
    id,
    value,
    disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
  };
  return (
    <div className="staff-field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...props} rows={3} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...props} type="text" onChange={(e) => onChange(e.target.value)} />
      )}
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="form-error">
          {error}
        </p>
      )}
    </div>
  );
}
