import { LANG_TAG } from '../../../contract/lang-tags';
import { badMoneyPlaceholder } from '../../../contract/money-placeholder';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { BONUS_RULES, type BonusDraft, type StaffBonusList } from '../../../contract/staff-bonuses';
import { FormError } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { SafeHtml } from '../../ui/safe-html';
import { useOnline } from '../../ui/use-online';
import { parseAmount, useQueueFormat } from '../queues/queue-format';
import { ReasonField, reasonValid } from '../queues/reason-field';
import { staffErrorMessage } from '../staff-errors';
import { useSaveBonus } from './queries';
import { TextField } from '../shell/text-field';
import { OfferInputs, offerOf, offerText, useGivesText, wholeIn, type OfferText } from './offer-fields';

type Currency = StaffBonusList['currency'];
type Lang = 'th' | 'la' | 'en';
const LANGS: Lang[] = ['th', 'la', 'en'];

/** The form's fields as typed (text, so a half-typed number stays as it is). */
interface Fields extends OfferText {
  code: string;
  name: Record<Lang, string>;
  html: Record<Lang, string>;
  type: BonusDraft['type'];
  maxReceived: string;
  budget: string;
}

const fieldsOf = (b: BonusDraft | undefined): Fields => ({
  code: b?.code ?? '',
  name: { th: b?.name.th ?? '', la: b?.name.la ?? '', en: b?.name.en ?? '' },
  html: { th: b?.html?.th ?? '', la: b?.html?.la ?? '', en: b?.html?.en ?? '' },
  type: b?.type ?? 'limit',
  maxReceived: String(b?.maxReceived ?? 1),
  ...offerText(b, 'percent'),
  budget: b ? String(b.budget) : '',
});

/** The draft the fields make, or what is missing: each field's problem by its name. */
function draftOf(f: Fields, currency: Currency): { draft: BonusDraft | null; wrong: Set<string> } {
  const wrong = new Set<string>();
  const need = <T,>(name: string, value: T | null): T => {
    if (value === null) wrong.add(name);
    return value as T;
  };
  const text = (r: Record<Lang, string>) => ({ th: r.th.trim(), la: r.la.trim() || undefined, en: r.en.trim() || undefined });
  const draft: BonusDraft = {
    code: need('code', BONUS_RULES.code.test(f.code) ? f.code : null),
    name: need('name', f.name.th.trim() ? text(f.name) : null),
    ...(f.html.th.trim() && { html: text(f.html) }),
    type: f.type,
    maxReceived: need('maxReceived', wholeIn(f.maxReceived, BONUS_RULES.maxReceived)),
    ...offerOf(f, currency, need),
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
  const givesText = useGivesText();
  const gives = draft ? givesText(draft.give, currency) : '';
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
        <TextField
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
            <TextField
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
            <TextField
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
        <TextField
          label={t`Times`}
          value={f.maxReceived}
          onChange={(maxReceived) => set({ maxReceived })}
          error={problem('maxReceived', t`A whole number from 1 to 1,000.`)}
        />
        <OfferInputs f={f} set={set} problem={problem} />
        <TextField
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
          error={tried && !reasonValid(reason) ? t`Give a reason of 3 to 500 characters.` : ''}
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
          message={
            save.error
              ? staffErrorMessage(i18n, save.error)
              : tried && (!draft || !reasonValid(reason))
                ? t`Some fields need a change: see above.`
                : ''
          }
        />
      </form>
    </Modal>
  );
}
