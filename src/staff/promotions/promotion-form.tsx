import { LANG_TAG } from '../../../contract/lang-tags';
import { badMoneyPlaceholder } from '../../../contract/money-placeholder';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { BONUS_RULES } from '../../../contract/staff-bonuses';
import { PROMOTION_MAX_USES, type PromotionDraft, type StaffPromotionList } from '../../../contract/staff-promotions';
import { FormError } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { SafeHtml } from '../../ui/safe-html';
import { useOnline } from '../../ui/use-online';
import { parseAmount, useQueueFormat } from '../queues/queue-format';
import { ReasonField, reasonValid } from '../queues/reason-field';
import { TextField } from '../shell/text-field';
import { OfferInputs, offerOf, offerText, useGivesText, wholeIn, type OfferText } from '../bonuses/offer-fields';
import { staffErrorMessage } from '../staff-errors';
import { useAddPromotion } from './queries';

type Currency = StaffPromotionList['currency'];
type Lang = 'th' | 'la' | 'en';
const LANGS: Lang[] = ['th', 'la', 'en'];

/** The form's fields as typed (text, so a half-typed number stays as it is). */
interface Fields extends OfferText {
  code: string;
  description: Record<Lang, string>;
  uses: string;
}

const EMPTY: Fields = { code: '', description: { th: '', la: '', en: '' }, ...offerText(undefined, 'fixed'), uses: '' };

/** The draft the fields make, or what is missing: each field's problem by its name. */
function draftOf(f: Fields, currency: Currency): { draft: PromotionDraft | null; wrong: Set<string> } {
  const wrong = new Set<string>();
  const need = <T,>(name: string, value: T | null): T => {
    if (value === null) wrong.add(name);
    return value as T;
  };
  const text = f.description;
  const draft: PromotionDraft = {
    code: need('code', BONUS_RULES.code.test(f.code) ? f.code : null),
    description: need(
      'description',
      text.th.trim() ? { th: text.th.trim(), la: text.la.trim() || undefined, en: text.en.trim() || undefined } : null,
    ),
    ...offerOf(f, currency, need),
    uses: need('uses', wholeIn(f.uses, { min: 1, max: PROMOTION_MAX_USES })),
  };
  // members read it with every {money:N} in their currency: one written otherwise would show its braces
  for (const lang of LANGS) {
    if (badMoneyPlaceholder(text[lang])) wrong.add(`description.${lang}`);
    if (text[lang].trim().length > BONUS_RULES.htmlLength) wrong.add(`long.${lang}`);
  }
  return { draft: wrong.size ? null : draft, wrong };
}

/**
 * A new promotion code: the CLI's rules, its uses always (the most it may pay, its uses at their most, is what
 * the money policy judges), a preview of what members read in each language, and what the admin may still
 * put within reach alone.
 */
export function PromotionForm({
  currency,
  aloneLeft,
  onDone,
  onClose,
}: {
  currency: Currency;
  aloneLeft: number;
  onDone: (text: string) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const { money } = useQueueFormat();
  const online = useOnline();
  const add = useAddPromotion();
  const formId = useId();
  const [f, setF] = useState(EMPTY);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const { draft, wrong } = draftOf(f, currency);
  const set = (patch: Partial<Fields>) => setF((old) => ({ ...old, ...patch }));
  const left = money(aloneLeft, currency);
  // the most it may pay, as the server judges it: every use at its most
  const each = f.giveKind === 'fixed' ? parseAmount(f.fixed, currency) : parseAmount(f.max, currency);
  const uses = wholeIn(f.uses, { min: 1, max: PROMOTION_MAX_USES });
  const reach = each !== null && uses !== null ? money(each * uses, currency) : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!draft || !reasonValid(reason) || add.isPending || !online) return;
    const { code } = draft;
    add.mutate(
      { promotion: draft, reason: reason.trim() },
      {
        onSuccess: (added) =>
          onDone(
            added.offered
              ? t`${code} is offered to members now.`
              : t`${code} waits for a second admin: the most it may pay is more than you may put within reach alone.`,
          ),
      },
    );
  };
  const problem = (name: string, text: string) => (tried && wrong.has(name) ? text : '');
  const example = '{money:50}';
  const most = BONUS_RULES.htmlLength.toLocaleString(i18n.locale);
  const names = { th: t`Thai`, la: t`Lao`, en: t`English` };
  const givesText = useGivesText();
  const gives = draft ? givesText(draft.give, currency) : '';
  return (
    <Modal
      title={<Trans>New promotion code</Trans>}
      onClose={onClose}
      closeLabel={t`Close`}
      footer={
        <div className="staff-dialog-actions">
          <button type="button" className="staff-secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" form={formId} disabled={!online || add.isPending}>
            <Trans>Add the code</Trans>
          </button>
        </div>
      }
    >
      <form id={formId} className="staff-bonus-form" onSubmit={submit} noValidate>
        <p className="hint">
          <Trans>
            You may put {left} within members’ reach alone now (the codes and budgets you add and your credits of the last 24 hours count
            together). A code that may pay more waits for a second admin.
          </Trans>
        </p>
        <TextField
          label={t`Code`}
          value={f.code}
          onChange={(code) => set({ code: code.toUpperCase() })}
          hint={t`2 to 32 capital letters, digits, _ or -: what members type to receive it.`}
          error={problem('code', t`Use 2 to 32 capital letters, digits, _ or -.`)}
        />
        {LANGS.map((lang) => {
          const language = names[lang];
          const bad = badMoneyPlaceholder(f.description[lang]) ?? '';
          return (
            <TextField
              key={lang}
              multiline
              label={t`What members read (${language})`}
              value={f.description[lang]}
              onChange={(v) => set({ description: { ...f.description, [lang]: v } })}
              hint={lang === 'th' ? t`HTML; write ${example} for 50 in the site’s currency.` : t`Empty: the Thai text.`}
              error={
                (lang === 'th' ? problem('description', t`Write what members read in Thai.`) : '') ||
                problem(`long.${lang}`, t`At most ${most} characters.`) ||
                problem(`description.${lang}`, t`Members cannot read ${bad} as an amount: write ${example} for 50 in the site’s currency.`)
              }
            />
          );
        })}
        <OfferInputs
          f={f}
          set={set}
          problem={problem}
          between={
            <TextField
              label={t`How many members may receive it`}
              value={f.uses}
              onChange={(uses) => set({ uses })}
              hint={reach ? t`The most it may pay: ${reach}.` : t`Each member receives it once; this bounds what it may pay.`}
              error={problem('uses', t`A whole number from 1 to 10,000,000.`)}
            />
          }
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
              <h4>{f.code || '—'}</h4>
              {gives && <p>{gives}</p>}
              <SafeHtml html={f.description[lang].trim() || f.description.th.trim()} className="rich" />
            </section>
          ))}
        </section>
        <FormError
          message={
            add.error
              ? staffErrorMessage(i18n, add.error)
              : tried && (!draft || !reasonValid(reason))
                ? t`Some fields need a change: see above.`
                : ''
          }
        />
      </form>
    </Modal>
  );
}
