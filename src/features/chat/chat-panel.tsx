import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/dates';
import { FOCUSABLE, tabStop } from '../../ui/modal';
import { useOnline } from '../../ui/use-online';
import type { Who } from './chat-api';
import './chat-errors';
import { Composer } from './composer';
import { conversationFor, type Conversation } from './conversation';
import { MessageList } from './message-list';

export interface ChatPanelProps {
  who: Who;
  /** where media paths are opened (see mediaBase) */
  prefix: string;
  onClose(): void;
  /** a conversation of the test's own (socket and outbox); the page's own otherwise */
  conversation?: Conversation;
  /** told the conversation once open: the widget keeps it (and its socket) while the panel is closed, for the unread mark */
  onConversation?(conversation: Conversation): void;
}

/** The chat's own parts over the page: the panel and the chat button (chat-widget.tsx). */
const CHAT = '.chat-panel, .chat-launcher';

/**
 * Whether the chat (its panel or its button) is what shows at the middle of `el`, the element brought into
 * view as the focus brings it (after the focus event: off the screen, nothing showed at its middle yet).
 */
function behind(el: HTMLElement): boolean {
  if (el.closest(CHAT)) return false;
  el.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  const r = el.getBoundingClientRect();
  // (jsdom draws nothing: no element is at a point there)
  return !!document.elementFromPoint?.(r.left + r.width / 2, r.top + r.height / 2)?.closest(CHAT);
}

/**
 * While the panel is open, Tab never stops behind the chat. The panel is not modal (the page stays usable where
 * it shows), but on a phone it covers the page but for the chat button and the menu, and Tab from its last
 * control went on to links and buttons under it (a walk at 360 px): a stop the chat covers is passed over, in
 * the direction of the Tab, to the next one the member can see (round to the start of the page after its end).
 */
function useTabStaysInSight() {
  useEffect(() => {
    // the direction of the Tab whose focus move comes next; any other way the focus moves is no Tab's
    let step = 0;
    const onKey = (e: KeyboardEvent) => {
      step = e.key === 'Tab' ? (e.shiftKey ? -1 : 1) : 0;
    };
    const notTab = () => (step = 0);
    const onFocus = (e: FocusEvent) => {
      const direction = step;
      step = 0; // the Tab's own move is the first focus after it (one to the browser's bar never comes back here)
      const target = e.target;
      if (!direction || !(target instanceof HTMLElement) || !behind(target)) return;
      // (a stop the selector does not find, as a summary or an iframe, is left where the Tab put it)
      const stops = [...document.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(tabStop);
      const at = stops.indexOf(target);
      for (let i = 1; at >= 0 && i < stops.length; i++) {
        const next = stops[(at + direction * i + stops.length) % stops.length]!;
        next.focus();
        if (!behind(next)) return;
      }
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('focusin', onFocus, true);
    document.addEventListener('keyup', notTab, true);
    document.addEventListener('pointerdown', notTab, true);
    window.addEventListener('blur', notTab);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('focusin', onFocus, true);
      document.removeEventListener('keyup', notTab, true);
      document.removeEventListener('pointerdown', notTab, true);
      window.removeEventListener('blur', notTab);
    };
  }, []);
}

/**
 * The open chat (§2 Chat widget): a header with the reload button, the conversation, the message box.
 * Loaded only when the member opens it, with socket.io-client. Non-modal: the page stays usable;
 * Escape closes it and the chat button gets the focus back.
 */
export default function ChatPanel({ who, prefix, onClose, conversation: given, onConversation }: ChatPanelProps) {
  const { t, i18n } = useLingui();
  const conversation = given ?? conversationFor(who);
  const state = useSyncExternalStore(conversation.subscribe, conversation.getState);
  const online = useOnline();
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    void conversation.open();
    conversation.setVisible(true);
    panel.current?.querySelector('textarea')?.focus();
    if (!onConversation) return () => conversation.close();
    onConversation(conversation);
    // closed: the socket stays while the page does, so a reply shows on the chat button (the widget closes it)
    return () => conversation.setVisible(false);
  }, [conversation, onConversation]);

  // Escape anywhere in the panel closes it (the widget gives the focus back to the chat button)
  useEffect(() => {
    const element = panel.current;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      onClose();
    };
    element?.addEventListener('keydown', onKey);
    return () => element?.removeEventListener('keydown', onKey);
  }, [onClose]);

  useTabStaysInSight();

  const saved = state.syncedAt ? formatDateTime(state.syncedAt) : '';
  const why = state.error ? errorMessage(i18n, state.error).replace(/[.。]\s*$/, '') : '';
  const retry = (
    <button type="button" className="button small" disabled={state.refreshing || !online} onClick={() => void conversation.refresh()}>
      {t`Try again`}
    </button>
  );
  let status: React.ReactNode = null;
  if (!online) {
    status = (
      <p className="sync-status offline" role="status">
        <span className="sync-mark">{t`Offline`}</span>{' '}
        {state.loaded && saved ? t`Saved ${saved}.` : t`No conversation is saved on this device yet.`}{' '}
        {t`What you write is sent when you are back online.`}
      </p>
    );
  } else if (state.error && !state.refreshing) {
    status = (
      <p className="sync-status stale" role="status">
        <span>
          {state.loaded ? t`Could not refresh: ${why}. Showing what was saved ${saved}.` : t`Could not load the conversation: ${why}.`}
        </span>{' '}
        {retry}
      </p>
    );
  } else if (!state.loaded) {
    status = (
      <p className="muted chat-note" role="status">
        {t`Loading the conversation…`}
      </p>
    );
  } else if (!state.connected) {
    status = (
      <p className="muted chat-note" role="status">
        {t`Connecting… what you write is sent when the connection is back.`}
      </p>
    );
  }

  return (
    <section ref={panel} className="chat-panel" role="dialog" aria-modal="false" aria-label={t`Support chat`}>
      <header className="chat-header">
        <h2>{t`Support chat`}</h2>
        <button
          type="button"
          className="icon-button"
          aria-label={t`Reload the conversation`}
          disabled={state.refreshing || !online}
          onClick={() => void conversation.refresh()}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className={state.refreshing ? 'spin' : undefined}>
            <path fill="currentColor" d="M17.7 6.3A8 8 0 1 0 20 12h-2a6 6 0 1 1-1.8-4.2L13 11h7V4z" />
          </svg>
        </button>
        <button type="button" className="icon-button" aria-label={t`Close the chat`} onClick={onClose}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              fill="currentColor"
              d="M18.3 5.7 12 12l6.3 6.3-1.4 1.4L10.6 13.4 4.3 19.7 2.9 18.3 9.2 12 2.9 5.7 4.3 4.3l6.3 6.3 6.3-6.3z"
            />
          </svg>
        </button>
      </header>
      {status}
      {state.loaded && state.entries.length === 0 && (
        <p className="muted chat-note">{t`Write your question below. Our support team answers here.`}</p>
      )}
      <MessageList
        entries={state.entries}
        prefix={prefix}
        hasOlder={state.hasOlder && online}
        loadingOlder={state.loadingOlder}
        onLoadOlder={() => void conversation.loadOlder()}
        onReply={(title, payload) => void conversation.reply(title, payload)}
        onRetry={conversation.retry}
        onDiscard={conversation.discard}
      />
      <Composer onSend={(text) => void conversation.sendText(text)} onFile={(file, kind) => void conversation.sendFile(file, kind)} />
    </section>
  );
}
