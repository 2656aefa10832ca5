import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type ChangeEvent } from 'react';
import type { SlipItem, SlipListResponse, SlipUploadResponse } from '../../../contract/deposit';
import { getMember } from '../../lib/auth-token';
import { markPushOfferDue } from '../../lib/member/push';
import { errorMessage } from '../../lib/errors';
import { slipKeys } from '../../lib/member/statement-keys';
import type { OutboxItem } from '../../lib/outbox';
import { useMoneyWords } from '../../ui/member/money-words';
import { useOnline } from '../../ui/use-online';
import { readLocalJson, writeLocalJson } from './local-json';
import { slipListQuery } from './queries';
import { slipOutbox, slipOwner, type SlipPayload } from './slip-outbox';

const useOutbox = () =>
  useSyncExternalStore(
    (l) => slipOutbox.subscribe(l),
    () => slipOutbox.list(),
  );

/** §2: a slip must reach us within the hour of its transfer; one waiting longer on the device may be refused as expired. */
const SLIP_HOUR_MS = 60 * 60_000;

/** What the server says of a received slip: checking, credited with its amount, in review, or failed with the reason. */
function SlipResult({ reference, slip }: { reference: string; slip: SlipItem | undefined }) {
  const { t, i18n } = useLingui();
  const { amount: money } = useMoneyWords();
  if (slip?.status === 'SUCCESS') {
    const credited = money(slip.amount);
    return <p className="small text-success" role="status">{t`Credited: ${credited} is in your wallet.`}</p>;
  }
  if (slip?.status === 'FAILED') {
    const reason = errorMessage(i18n, slip.note ?? 'SLIP_UNKNOWN');
    return <p className="small text-danger" role="status">{t`Not credited: ${reason}`}</p>;
  }
  if (slip?.status === 'REVIEW')
    return <p className="small notice" role="status">{t`In review: our staff are checking this slip; the result shows here.`}</p>;
  return <p className="small" role="status">{t`Received (reference ${reference}). Checking it now: the result shows here.`}</p>;
}

/** One slip on this device: waiting, uploading with its percent, received and then its result, or refused with the reason. */
function OutboxRow({ item, slips }: { item: OutboxItem; slips: SlipItem[] | undefined }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const name = (item.payload as SlipPayload).name;
  const percent = slipOutbox.progressOf(item.id) ?? 0;
  // how long it has waited, as of when the row was shown (the modal opened)
  const [shownAt] = useState(() => Date.now());
  const reference = (item.state === 'done' ? (item.result as SlipUploadResponse | undefined) : undefined)?.reference ?? '';
  const reason = errorMessage(i18n, item.code ?? '');
  return (
    <li className="outbox-item">
      <p className="outbox-name">{name}</p>
      {item.state === 'sending' && (
        <>
          <progress max={100} value={percent} aria-label={t`Uploading ${name}`} />
          <p className="small">{t`Uploading… ${percent}%`}</p>
        </>
      )}
      {item.state === 'waiting' && (
        <p className="small notice" role="status">
          {online
            ? t`Waiting to upload: it will be sent by itself shortly.`
            : t`Waiting for a connection: it will be sent by itself when you are back online.`}
        </p>
      )}
      {item.state === 'waiting' && shownAt - item.createdAt > SLIP_HOUR_MS && (
        <p className="small text-danger">
          {t`This slip has waited on this device for more than an hour. A slip must reach us within 1 hour of the transfer, so it may be refused: if it is, send it to support in the chat.`}
        </p>
      )}
      {item.state === 'done' && <SlipResult reference={reference} slip={slips?.find((s) => s.reference === reference)} />}
      {item.state === 'failed' && (
        <p className="small text-danger" role="alert">
          {t`Not sent: ${reason}`}
        </p>
      )}
      <div className="row gap">
        {item.state === 'failed' && (
          <button type="button" className="button small" onClick={() => void slipOutbox.retry(item.id)}>
            {t`Try again`}
          </button>
        )}
        <button type="button" className="button small" onClick={() => void slipOutbox.remove(item.id)}>
          {item.state === 'done' || item.state === 'failed' ? t`Dismiss` : t`Cancel`}
        </button>
      </div>
    </li>
  );
}

/** How long a slip's final result (credited or not) stays on its row once shown: a day, then the statement keeps it. */
export const RESULT_KEPT_MS = 24 * 60 * 60_000;

/** How long a note of when a result was shown is kept for a row not among `items` (another member's, or the outbox not read yet). */
const NOTE_KEPT_MS = 30 * RESULT_KEPT_MS;

/**
 * The rows whose final result has been shown for more than RESULT_KEPT_MS, and when each final result on a
 * row was first shown (`seen`, by outbox id, kept on the device): a slip in review for two days still shows
 * "Credited" for a day after it is, one in review or not found stays. A note of a row not among `items` is
 * kept as it is for a month: another member's rows, on this device too, keep their day.
 */
export function settledLongAgo(
  items: readonly OutboxItem[],
  list: SlipListResponse | undefined,
  now: number,
  seen: Readonly<Record<string, number>>,
): { remove: string[]; seen: Record<string, number> } {
  const remove: string[] = [];
  const held = new Set(items.map((i) => i.id));
  const next = Object.fromEntries(Object.entries(seen).filter(([id, since]) => !held.has(id) && now - since <= NOTE_KEPT_MS));
  for (const item of items) {
    if (item.state !== 'done') continue;
    const reference = (item.result as SlipUploadResponse | undefined)?.reference;
    const slip = list?.slips.find((s) => s.reference === reference);
    const final = slip?.status === 'SUCCESS' || slip?.status === 'FAILED';
    const since = seen[item.id] ?? (final ? now : undefined);
    if (since === undefined) continue;
    if (now - since > RESULT_KEPT_MS) remove.push(item.id);
    else next[item.id] = since;
  }
  return { remove, seen: next };
}

const SEEN_KEY = 'wallet:slip-results-seen';
function readSeen(): Record<string, number> {
  const saved = readLocalJson(SEEN_KEY);
  return saved && typeof saved === 'object' ? (saved as Record<string, number>) : {};
}

/** While a slip sent from this device is still being checked, how often its result is asked for besides the live event. */
const CHECKING_POLL_MS = 5_000;

/** Whether one of the slips sent from here (their references) is not yet listed, or listed as still being checked. */
export function stillChecking(references: readonly string[], list: SlipListResponse | undefined): boolean {
  return references.some((reference) => {
    const slip = list?.slips.find((s) => s.reference === reference);
    return !slip || slip.status === 'PROCESSING';
  });
}

/** §2 Deposit modal, bank slip: choose or photograph it; it goes through the outbox and its result shows on its row. */
export function SlipSection({ headingId, closed }: { headingId: string; closed: boolean }) {
  const { t } = useLingui();
  const online = useOnline();
  const queryClient = useQueryClient();
  const all = useOutbox();
  // only this member's: a slip another member left waiting on this device is theirs (the shell says so)
  const items = useMemo(() => all.filter((i) => slipOwner(i) === getMember()), [all]);
  const fileInput = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const preview = useMemo(() => (chosen ? URL.createObjectURL(chosen) : ''), [chosen]);
  useEffect(() => () => URL.revokeObjectURL(preview), [preview]);
  useEffect(() => {
    void slipOutbox.start();
  }, []);
  // the rows' results: the newest page of the slip list, kept current by the live events (or asked while they are down)
  const sent = items.flatMap((i) => (i.state === 'done' ? [(i.result as SlipUploadResponse | undefined)?.reference ?? ''] : []));
  const delivered = sent.length;
  const slips = useQuery({
    ...slipListQuery(1),
    enabled: delivered > 0,
    // a result the live channel missed (told before its socket had joined, say) is asked for while a slip
    // sent from here is still being checked: the member never waits on "checking" for a result that came
    refetchInterval: (query) => (stillChecking(sent, query.state.data) ? CHECKING_POLL_MS : false),
  });
  useEffect(() => {
    if (delivered) void queryClient.invalidateQueries({ queryKey: slipKeys.all });
  }, [delivered, queryClient]);
  // a result shown for a day leaves its row (a slip still in review or unknown stays)
  useEffect(() => {
    if (!slips.data) return;
    const stored = readSeen();
    const { remove, seen } = settledLongAgo(items, slips.data, Date.now(), stored);
    // storage full or off: the rows stay until dismissed
    if (JSON.stringify(seen) !== JSON.stringify(stored)) writeLocalJson(SEEN_KEY, seen);
    for (const id of remove) void slipOutbox.remove(id);
  }, [items, slips.data]);

  function choose(e: ChangeEvent<HTMLInputElement>) {
    setChosen(e.target.files?.[0] ?? null);
    e.target.value = '';
  }
  async function send() {
    if (!chosen) return;
    await slipOutbox.add<SlipPayload>('slip', { file: chosen, name: chosen.name || 'slip.jpg' });
    // the member's first deposit: notifications may be offered from now on
    void markPushOfferDue();
    setChosen(null);
  }

  return (
    <section aria-labelledby={headingId} className="form">
      <h3 id={headingId}>{t`Upload your transfer slip`}</h3>
      {closed ? (
        <p className="hint">{t`Slip uploads are closed until midnight. Keep your slip: upload it after midnight, within 1 hour of reopening.`}</p>
      ) : (
        <>
          <button type="button" className="button block" onClick={() => fileInput.current?.click()}>
            {chosen ? t`Choose another slip` : t`Choose or photograph your slip`}
          </button>
          <input ref={fileInput} hidden type="file" accept="image/*" aria-label={t`Slip image`} onChange={choose} />
          {preview && <img className="slip-preview" src={preview} alt={t`The slip you chose`} />}
          {chosen && (
            <button type="button" className="button primary block" onClick={() => void send()}>
              {online ? t`Send slip` : t`Send when back online`}
            </button>
          )}
          {!online && (
            <p className="hint">{t`You are offline: a slip you send now waits on this device and is uploaded by itself later.`}</p>
          )}
        </>
      )}
      {items.length > 0 && (
        <ul className="outbox" aria-label={t`Your slips on this device`}>
          {items.map((item) => (
            <OutboxRow key={item.id} item={item} slips={slips.data?.slips} />
          ))}
        </ul>
      )}
    </section>
  );
}
