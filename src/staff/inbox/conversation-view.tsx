import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { CannedReply } from '../../../contract/staff-inbox';
import { isApiError } from '../../lib/http';
import { FormError } from '../../ui/field';
import { useOnline } from '../../ui/use-online';
import { ConfirmDialog } from '../queues/confirm-dialog';
import { meQueryOptions } from '../session/queries';
import { staffErrorMessage } from '../staff-errors';
import { Composer } from './composer';
import { ClosingWordsField, closingWordsValid } from './closing-words';
import { ContextPanel } from './context-panel';
import { MessageView } from './message-view';
import { olderMessages, threadQueryOptions, useEnd, useMarkRead, useRelease, useTake } from './queries';
import { staffDateFormat } from '../date-format';

interface Props {
  room: string;
  canned: CannedReply[];
}

/**
 * One conversation: who holds it (take, take over, release), its messages oldest first (earlier ones on
 * request), the answer box for its holder, ending it with closing words, and the customer beside it. The
 * holder looking at it marks the customer's messages read.
 */
export function ConversationView({ room, canned }: Props) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const { data: me } = useSuspenseQuery(meQueryOptions());
  // the oldest message shown once the agent loaded earlier ones: the thread is then asked from it on
  const [from, setFrom] = useState<number | undefined>(undefined);
  const thread = useQuery(threadQueryOptions(room, from));
  const take = useTake(room);
  const release = useRelease(room);
  const markRead = useMarkRead(room);
  // after a take the message box has the focus; after a release or an end, the conversation's heading
  const box = useRef<HTMLTextAreaElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [focusNext, setFocusNext] = useState<'box' | 'heading' | null>(null);
  // (the box is enabled once the conversation, asked again, says the agent holds it: tried on each answer)
  const shown = thread.data;
  useEffect(() => {
    if (!focusNext) return;
    const target = focusNext === 'box' ? box.current : heading.current;
    if (target && !target.hasAttribute('disabled')) {
      target.focus();
      setFocusNext(null);
    }
  }, [focusNext, shown]);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderError, setOlderError] = useState('');
  const [confirm, setConfirm] = useState<'take-over' | 'end' | null>(null);
  const time = staffDateFormat(i18n.locale, { dateStyle: 'short', timeStyle: 'short' });
  const when = (iso: string) => time.format(new Date(iso));
  const data = thread.data;
  const mine = data?.conversation.holder?.username === me.username;
  const unread = data?.conversation.unread ?? 0;

  // the newest message in view when the conversation opens, and when one comes while the agent is at the end
  const log = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  const newest = data?.messages.at(-1)?.id;
  useEffect(() => {
    const box = log.current;
    if (box && atEnd.current) box.scrollTop = box.scrollHeight;
  }, [newest]);

  // the holder has the conversation in view: the customer's messages are read
  const marking = useRef(false);
  useEffect(() => {
    if (!mine || unread === 0 || marking.current || document.visibilityState !== 'visible') return;
    marking.current = true;
    markRead.mutate(undefined, { onSettled: () => (marking.current = false) });
  }, [mine, unread, markRead]);

  if (thread.error && !data)
    return (
      <div role="alert">
        <p>{isApiError(thread.error, 'NO_DATA') ? t`This conversation is not found.` : staffErrorMessage(i18n, thread.error)}</p>
      </div>
    );
  if (!data)
    return (
      <p role="status">
        <Trans>Loading…</Trans>
      </p>
    );

  const { conversation, open } = data;
  const holder = conversation.holder;
  const { messages, more } = data;
  const loadOlder = async () => {
    const first = messages[0];
    if (!first) return;
    setLoadingOlder(true);
    setOlderError('');
    try {
      const page = await olderMessages(room, first.id);
      // from the page's oldest on: the thread now holds it, what the agent saw, and whatever comes next
      if (page.messages[0]) setFrom(page.messages[0].id);
    } catch (err) {
      setOlderError(staffErrorMessage(i18n, err));
    } finally {
      setLoadingOlder(false);
    }
  };
  const holderName = holder?.displayName ?? '';
  const disabledBecause = !open
    ? t`This conversation has ended. The customer's next message opens a new one.`
    : holder && !mine
      ? t`${holderName} holds this conversation. Take it over to answer.`
      : undefined;
  const actionError = take.error ?? release.error;
  const { name } = conversation;
  return (
    <section className="staff-inbox-thread" aria-labelledby="staff-thread-title">
      <header className="staff-thread-head">
        <h2 id="staff-thread-title" ref={heading} tabIndex={-1}>
          <bdi>{name}</bdi>{' '}
          <span className="staff-muted">{conversation.kind === 'member' ? conversation.who : conversation.who.slice(-8)}</span>
        </h2>
        <p>
          {!open ? (
            <Trans>Ended</Trans>
          ) : holder ? (
            mine ? (
              <Trans>You hold this conversation.</Trans>
            ) : (
              <Trans>Held by {holderName}.</Trans>
            )
          ) : (
            <Trans>Nobody holds this conversation.</Trans>
          )}
        </p>
        {open && (
          <div className="staff-actions">
            {!holder && (
              <button
                type="button"
                disabled={!online || take.isPending}
                onClick={() => take.mutate(false, { onSuccess: () => setFocusNext('box') })}
              >
                <Trans>Take</Trans>
              </button>
            )}
            {holder && !mine && (
              <button type="button" className="staff-danger" disabled={!online || take.isPending} onClick={() => setConfirm('take-over')}>
                <Trans>Take over</Trans>
              </button>
            )}
            {mine && (
              <button
                type="button"
                className="staff-secondary"
                disabled={!online || release.isPending}
                onClick={() => release.mutate(undefined, { onSuccess: () => setFocusNext('heading') })}
              >
                <Trans>Release</Trans>
              </button>
            )}
            {(mine || !holder) && (
              <button type="button" className="staff-secondary" disabled={!online} onClick={() => setConfirm('end')}>
                <Trans>End the conversation</Trans>
              </button>
            )}
          </div>
        )}
        {actionError && (
          <FormError
            message={
              isApiError(actionError, 'CHAT_HELD')
                ? t`Another agent took this conversation a moment ago.`
                : staffErrorMessage(i18n, actionError)
            }
          />
        )}
      </header>
      <div className="staff-thread-body">
        <div className="staff-thread-messages">
          {more && (
            <button type="button" className="staff-secondary" onClick={() => void loadOlder()} disabled={loadingOlder || !online}>
              {loadingOlder ? <Trans>Loading earlier messages…</Trans> : <Trans>Load earlier messages</Trans>}
            </button>
          )}
          <FormError message={olderError} />
          <div
            ref={log}
            className="staff-chat-log"
            role="log"
            aria-label={t`Messages, oldest first`}
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the log scrolls: a tab stop lets a keyboard scroll it
            tabIndex={0}
            onScroll={(e) => {
              const box = e.currentTarget;
              atEnd.current = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
            }}
          >
            <ol>
              {messages.map((m) => (
                <MessageView key={m.id} message={m} customer={name} time={when} />
              ))}
            </ol>
          </div>
          <Composer room={room} lang={conversation.lang} canned={canned} disabledBecause={disabledBecause} boxRef={box} />
        </div>
        <ContextPanel context={data.context} />
      </div>
      {confirm === 'take-over' && (
        <ConfirmDialog
          title={<Trans>Take over from {holderName}</Trans>}
          confirmLabel={<Trans>Take over</Trans>}
          tone="danger"
          ready
          pending={take.isPending}
          error={take.error}
          onConfirm={() =>
            take.mutate(true, {
              onSuccess: () => {
                setConfirm(null);
                setFocusNext('box');
              },
            })
          }
          onClose={() => setConfirm(null)}
        >
          <p>
            <Trans>
              {holderName} holds this conversation. Taking it over makes you its holder; the audit trail records it, and {holderName} can no
              longer answer it.
            </Trans>
          </p>
        </ConfirmDialog>
      )}
      {confirm === 'end' && (
        <EndDialog
          room={room}
          onClose={() => setConfirm(null)}
          onEnded={() => {
            setConfirm(null);
            setFocusNext('heading');
          }}
        />
      )}
    </section>
  );
}

/** Ending a conversation: closing words (optional) go first, then the end the customer's chat shows. */
function EndDialog({ room, onClose, onEnded }: { room: string; onClose: () => void; onEnded: () => void }) {
  const end = useEnd(room);
  const [words, setWords] = useState('');
  // ended or taken by another meanwhile: the conversation, asked again, says which
  const conflict = isApiError(end.error) && end.error.status === 409;
  useEffect(() => {
    if (conflict) onClose();
  }, [conflict, onClose]);
  return (
    <ConfirmDialog
      title={<Trans>End the conversation</Trans>}
      confirmLabel={<Trans>End the conversation</Trans>}
      ready={closingWordsValid(words)}
      pending={end.isPending}
      error={end.error}
      onConfirm={() => end.mutate(words, { onSuccess: onEnded })}
      onClose={onClose}
    >
      <p>
        <Trans>The customer sees the closing words, then that the conversation ended. Their next message opens a new one.</Trans>
      </p>
      <ClosingWordsField id="staff-closing-words" value={words} onChange={setWords} />
    </ConfirmDialog>
  );
}
