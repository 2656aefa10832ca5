import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { createStore, del, values, type UseStore } from 'idb-keyval';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { getMember, SESSION_EVENT } from '../../lib/auth-token';
import { outboxDatabase, type OutboxItem } from '../../lib/outbox';
import { slipOutbox, slipOwner } from './slip-outbox';

/** A chat message's writer, read off the stored item without loading the chat's code ('' for a guest's). */
const chatOwner = (item: OutboxItem) => {
  const who = (item.payload as { who?: { kind: string; phone?: string } } | undefined)?.who;
  return who?.kind === 'member' ? (who.phone ?? '') : '';
};

/** The chat's outbox database, read and written here without loading the chat's code (opened once). */
let chatStore: UseStore | undefined;
const chatItems = () => (chatStore ??= createStore(outboxDatabase('chat'), 'items'));

/** What is still to go (a refused item is its writer's to see, in their own screens). */
const unsent = (item: OutboxItem) => item.state === 'waiting' || item.state === 'sending';

interface Others {
  owner: string;
  slips: OutboxItem[];
  chats: OutboxItem[];
}

/** The waiting chat messages on this device (the chat's own outbox database, read directly). */
function useChatItems(): [OutboxItem[], () => void] {
  const [items, setItems] = useState<OutboxItem[]>([]);
  const read = useCallback(() => {
    void values<OutboxItem>(chatItems())
      .then(setItems)
      .catch(() => setItems([]));
  }, []);
  useEffect(() => {
    read();
    window.addEventListener(SESSION_EVENT, read);
    return () => window.removeEventListener(SESSION_EVENT, read);
  }, [read]);
  return [items, read];
}

/**
 * The signed-in shell's word on what waits on this device (issue 38: nothing a member did is dropped in
 * silence):
 * - slips and chat messages another member left here wait for that member to sign in again: this member
 *   is told whose (the phone's last digits only) and may discard them, never read or send them;
 * - this member's own slips the server refused, found when they were sent after a sign-in, are pointed out.
 */
export default function WaitingOnDevice() {
  const { t, i18n } = useLingui();
  const slips = useSyncExternalStore(
    (l) => slipOutbox.subscribe(l),
    () => slipOutbox.list(),
  );
  const [chats, rereadChats] = useChatItems();
  const [confirming, setConfirming] = useState('');
  // the question replaces the button tapped: the keyboard goes on from its answer
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) keep.current?.focus();
  }, [confirming]);
  const me = getMember();

  const others = useMemo(() => {
    const byOwner = new Map<string, Others>();
    const entry = (owner: string) => byOwner.get(owner) ?? byOwner.set(owner, { owner, slips: [], chats: [] }).get(owner)!;
    for (const item of slips) if (unsent(item) && slipOwner(item) && slipOwner(item) !== me) entry(slipOwner(item)).slips.push(item);
    for (const item of chats) if (unsent(item) && chatOwner(item) && chatOwner(item) !== me) entry(chatOwner(item)).chats.push(item);
    return [...byOwner.values()];
  }, [slips, chats, me]);
  const refused = slips.filter((i) => i.state === 'failed' && slipOwner(i) === me).length;

  async function discard(group: Others) {
    for (const item of group.slips) await slipOutbox.remove(item.id);
    for (const item of group.chats) await del(item.id, chatItems()).catch(() => undefined);
    setConfirming('');
    rereadChats();
  }

  if (!others.length && !refused) return null;
  return (
    <div className="waiting-on-device">
      {others.map((group) => {
        const ending = group.owner.slice(-4);
        const slipCount = group.slips.length;
        const chatCount = group.chats.length;
        const slipWords = i18n._(msg`${plural(slipCount, { one: '# slip', other: '# slips' })}`);
        const chatWords = i18n._(msg`${plural(chatCount, { one: '# chat message', other: '# chat messages' })}`);
        const what = slipCount && chatCount ? t`${slipWords} and ${chatWords}` : slipCount ? slipWords : chatWords;
        return (
          <section key={group.owner} className="notice" role="status">
            <p>{t`Waiting on this device for the account ending ${ending}: ${what}. They are sent when that account signs in here again.`}</p>
            {confirming === group.owner ? (
              <div className="row gap">
                <p className="small">{t`Discard them for good? They will not be sent.`}</p>
                <button type="button" className="button small" onClick={() => void discard(group)}>
                  {t`Discard`}
                </button>
                <button type="button" className="button small" ref={keep} onClick={() => setConfirming('')}>
                  {t`Keep them`}
                </button>
              </div>
            ) : (
              <button type="button" className="button small" onClick={() => setConfirming(group.owner)}>
                {t`Discard them`}
              </button>
            )}
          </section>
        );
      })}
      {refused > 0 && (
        <p className="notice text-danger" role="status">
          {i18n._(
            msg`${plural(refused, {
              one: 'A slip sent from this device was not accepted. Open Deposit, then Bank slip, to see why and what to do.',
              other: '# slips sent from this device were not accepted. Open Deposit, then Bank slip, to see why and what to do.',
            })}`,
          )}
        </p>
      )}
    </div>
  );
}
