import { useLingui } from '@lingui/react/macro';
import { msg, plural } from '@lingui/core/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { loadCatalogPart } from '../../lib/i18n';
import { putQueryData } from '../../lib/query-data';
import { currentWho, guestId, isUnreadReply, startChatOutbox, type Who } from './chat-api';
import { unreadRepliesQuery } from './queries';
import { chatCatalog } from './catalog';
import type { Conversation } from './conversation';
import './chat.css';

// the panel brings socket.io-client, the outbox and the message kinds: loaded when the chat first opens
const ChatPanel = lazy(() => import('./chat-panel'));

/**
 * Whether the page has scrolled past the in-page "Start a chat" card. The floating invite says the same
 * as that card, so it shows only then: over the page it would cover what is under it (the LINE link
 * and name of the contact page, which come before the card). Without IntersectionObserver it always shows.
 */
function useStartCardPassed(card: RefObject<HTMLElement | null>, shown: boolean): boolean {
  const [passed, setPassed] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = card.current;
    if (!shown || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setPassed(!entry.isIntersecting && entry.boundingClientRect.bottom <= (entry.rootBounds?.top ?? 0));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [card, shown]);
  return passed;
}

/**
 * §2 Chat widget on the contact page: a card that starts the chat, and the floating button with its
 * invite message, which toggles the panel (its icon turns). A guest chats under the id this device
 * keeps in IndexedDB (`guest-id`); with a token, the member chats as themselves.
 */
export function ChatWidget({ prefix }: { prefix: string }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [who, setWho] = useState<Who>();
  const [open, setOpen] = useState(false);
  const fab = useRef<HTMLButtonElement>(null);
  const startCard = useRef<HTMLElement>(null);
  const passed = useStartCardPassed(startCard, !!who);
  const [conversation, setConversation] = useState<Conversation>();
  const keep = useCallback((c: Conversation) => setConversation(c), []);

  // support's unread replies mark the button: before the chat is opened as the server counts them, then
  // as the conversation (which lives while the contact page does) does, also for the member's menu
  const replies = useQuery({ ...unreadRepliesQuery(who ?? { kind: 'guest', guestId: '' }), enabled: !!who && !conversation }).data ?? 0;
  useEffect(() => {
    if (!conversation || !who) return;
    const key = unreadRepliesQuery(who).queryKey;
    const count = () => {
      const n = conversation.getState().entries.filter((e) => isUnreadReply(e.message)).length;
      if (queryClient.getQueryData(key) !== n) void putQueryData(queryClient, key, n);
    };
    count();
    const unsubscribe = conversation.subscribe(count);
    return () => {
      unsubscribe();
      conversation.close();
    };
  }, [conversation, queryClient, who]);

  useEffect(() => {
    startChatOutbox(); // what was written earlier goes now, the chat closed
    let live = true;
    void Promise.all([guestId(), loadCatalogPart(chatCatalog)]).then(([id]) => live && setWho(currentWho(id)));
    return () => {
      live = false;
    };
  }, []);
  if (!who) return null;

  const close = () => {
    setOpen(false);
    fab.current?.focus();
  };
  return (
    <>
      <section ref={startCard} className="card chat-start">
        <p>{t`Chat with our support team here. Messages you write offline are sent when you are back online.`}</p>
        <button type="button" className="button primary block" onClick={() => setOpen(true)} disabled={open}>
          {t`Start a chat`}
        </button>
      </section>
      <div className="chat-launcher">
        {!open && passed && (
          <p className="chat-invite" aria-hidden="true">
            {t`Need help? Chat with us`}
          </p>
        )}
        <button
          ref={fab}
          type="button"
          className={open ? 'chat-fab open' : 'chat-fab'}
          aria-expanded={open}
          aria-label={
            open
              ? t`Close the chat`
              : replies
                ? i18n._(msg`${plural(replies, { one: 'Chat with support: # new reply', other: 'Chat with support: # new replies' })}`)
                : t`Chat with support`
          }
          onClick={() => (open ? close() : setOpen(true))}
        >
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
            {open ? (
              <path
                fill="currentColor"
                d="M18.3 5.7 12 12l6.3 6.3-1.4 1.4L10.6 13.4 4.3 19.7 2.9 18.3 9.2 12 2.9 5.7 4.3 4.3l6.3 6.3 6.3-6.3z"
              />
            ) : (
              <path
                fill="currentColor"
                d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2zm3 6v2h2v-2zm4 0v2h2v-2zm4 0v2h2v-2z"
              />
            )}
          </svg>
          {!open && replies > 0 && (
            <span className="chat-badge" aria-hidden="true">
              {replies}
            </span>
          )}
        </button>
      </div>
      {open && (
        <Suspense
          fallback={
            <section className="chat-panel" role="status">
              <p className="muted chat-note">{t`Opening the chat…`}</p>
            </section>
          }
        >
          <ChatPanel who={who} prefix={prefix} onClose={close} onConversation={keep} />
        </Suspense>
      )}
    </>
  );
}
