import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import type { AdjustmentKind, AdjustmentList } from '../../../contract/staff-adjustments';
import { useOnline } from '../../ui/use-online';
import { parseAmount, useQueueFormat } from '../queues/queue-format';
import { ReasonField, reasonValid } from '../queues/reason-field';
import { staffErrorMessage } from '../staff-errors';
import { useRequestAdjustment } from './queries';

/** Whether an amount (major units) needs a second approver: the member's currency decides, which the form does not know. */
function approvalNeeded(amount: number | null, above: AdjustmentList['approvalAbove']): 'none' | 'both' | 'baht' | 'kip' | null {
  if (amount === null) return null;
  const baht = amount > above.BAHT;
  const kip = amount > above.LAK;
  return baht && kip ? 'both' : baht ? 'baht' : kip ? 'kip' : 'none';
}

/**
 * A new adjustment: a member's phone, credit, debit or the reversal of an entry, and why. A credit is
 * judged against what the clerk may still credit alone today (`left`: the threshold less their credits of
 * the last 24 hours, the money policy), a debit against the threshold.
 */
export function AdjustmentForm({
  above,
  left,
  onDone,
}: {
  above: AdjustmentList['approvalAbove'];
  left: AdjustmentList['creditAloneLeft'];
  onDone: (text: string) => void;
}) {
  const { t, i18n } = useLingui();
  const { money } = useQueueFormat();
  const online = useOnline();
  const request = useRequestAdjustment();
  const [phone, setPhone] = useState('');
  const [kind, setKind] = useState<AdjustmentKind>('credit');
  const [figure, setFigure] = useState('');
  const [reason, setReason] = useState('');
  // one key per filled form: a retried or doubled submit answers the first request instead of asking twice
  const [key, setKey] = useState(() => crypto.randomUUID());
  const ids = { phone: useId(), kind: useId(), figure: useId(), hint: useId() };
  const amount = kind === 'reverse' ? null : parseAmount(figure, 'BAHT');
  const journalId = kind === 'reverse' && /^[1-9]\d{0,11}$/.test(figure.trim()) ? Number(figure.trim()) : null;
  const ready = phone.trim().length > 0 && (kind === 'reverse' ? journalId !== null : amount !== null) && reasonValid(reason);
  const limits = kind === 'credit' ? left : above;
  const needs = approvalNeeded(amount, limits);
  // the clerk's own credits of the last 24 hours have used part of the threshold
  const used = kind === 'credit' && (left.BAHT < above.BAHT || left.LAK < above.LAK);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready || request.isPending) return;
    const body = {
      phone: phone.trim(),
      kind,
      reason: reason.trim(),
      key,
      ...(kind === 'reverse' ? { journalId: journalId! } : { amount: amount! }),
    };
    request.mutate(body, {
      onSuccess: (a) => {
        const sum = money(a.amount, a.currency);
        const { id } = a;
        const { name } = a.member;
        onDone(
          a.status === 'PENDING'
            ? t`Adjustment ${id} (${sum}) waits for a second approver.`
            : t`Adjustment ${id} applied: ${sum} for ${name}.`,
        );
        setFigure('');
        setReason('');
        setKey(crypto.randomUUID());
      },
    });
  };
  const bahtAbove = money(limits.BAHT, 'BAHT');
  const kipAbove = money(limits.LAK, 'LAK');
  return (
    <form className="staff-adjust-form" onSubmit={submit} aria-label={t`New adjustment`} noValidate>
      <h2>
        <Trans>New adjustment</Trans>
      </h2>
      <div className="field">
        <label htmlFor={ids.phone}>{t`Member's phone`}</label>
        <input id={ids.phone} value={phone} onChange={(e) => setPhone(e.target.value)} inputMode="tel" autoComplete="off" />
      </div>
      <div className="field">
        <label htmlFor={ids.kind}>{t`Kind`}</label>
        <select id={ids.kind} value={kind} onChange={(e) => setKind(e.target.value as AdjustmentKind)}>
          <option value="credit">{t`Credit the wallet`}</option>
          <option value="debit">{t`Debit the wallet`}</option>
          <option value="reverse">{t`Reverse a credit (journal entry)`}</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.figure}>{kind === 'reverse' ? t`Journal entry id` : t`Amount (the member's currency)`}</label>
        <input id={ids.figure} value={figure} onChange={(e) => setFigure(e.target.value)} inputMode="decimal" aria-describedby={ids.hint} />
        <p id={ids.hint} className="hint" aria-live="polite">
          {kind === 'reverse' && (
            <Trans>The amount the entry credited is taken back; above the threshold it waits for a second approver.</Trans>
          )}
          {needs === 'none' && <Trans>Applied at once.</Trans>}
          {needs === 'both' && (
            <Trans>
              Needs a second approver (above {bahtAbove} and {kipAbove}).
            </Trans>
          )}
          {needs === 'baht' && (
            <Trans>Needs a second approver for a member in baht (above {bahtAbove}); applied at once for one in kip.</Trans>
          )}
          {needs === 'kip' && (
            <Trans>Needs a second approver for a member in kip (above {kipAbove}); applied at once for one in baht.</Trans>
          )}
          {used && (
            <>
              {' '}
              <Trans>
                Your credits of the last 24 hours leave {bahtAbove} and {kipAbove} that you may credit alone; above that a second approver
                decides.
              </Trans>
            </>
          )}
        </p>
      </div>
      <ReasonField label={t`Reason`} value={reason} onChange={setReason} required hint={t`3 to 500 characters, kept in the audit trail.`} />
      {request.error && <p role="alert">{staffErrorMessage(i18n, request.error)}</p>}
      <button type="submit" disabled={!online || !ready || request.isPending}>
        <Trans>Ask for the adjustment</Trans>
      </button>
    </form>
  );
}
