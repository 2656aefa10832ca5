import { Trans, useLingui } from '@lingui/react/macro';
import { Fragment, type JSX } from 'react';
import { dayKey, daysAgo, formatLongDate } from '../../lib/dates';
import { MessageRow } from './message-bubble';
import { ArrowDownIcon } from './message-icons';
import { useChatScroll } from './message-list-scroll';
import type { ChatEntry } from './types';
import './message-list.css';

export interface MessageListProps {
  /** oldest first */
  entries: ChatEntry[];
  /** chat config PREFIX: put before a media filePath to open it ('' allowed) */
  prefix: string;
  /** more history on the server */
  hasOlder: boolean;
  loadingOlder: boolean;
  /** called when the member scrolls to the top (and hasOlder && !loadingOlder) */
  onLoadOlder(): void;
  /** a tap on a postback button or a quick reply */
  onReply(title: string, payload: string): void;
  /** retry a failed entry of ours */
  onRetry(key: string): void;
  /** give up a failed entry of ours */
  onDiscard(key: string): void;
}

const isSupport = (e: ChatEntry | undefined): e is ChatEntry => e !== undefined && e.message.sender !== 'customer';
/** Support ended the conversation here (issue 24): shown as the end marker, not as a message. */
const isEnd = (e: ChatEntry | undefined) => e?.message.message.message_type === 'end';
/**
 * Who signs a support message: the agent's name; an agent with none is still a person, never the greeter
 * (a person taking over after the greeter gets a header of their own, the site's "Support").
 */
const signer = (e: ChatEntry) => (e.message.sender === 'agent' ? (e.message.agentName ?? '#agent') : '#greeter');

/** §2 Chat widget: the conversation, oldest first, with day separators and the end of each session marked. */
export function MessageList(props: MessageListProps): JSX.Element {
  const { entries, prefix, hasOlder, loadingOlder, onLoadOlder, onReply, onRetry, onDiscard } = props;
  const { t } = useLingui();
  const { scroller, content, onScroll, unseen, showNewest } = useChatScroll(entries, { hasOlder, loadingOlder, onLoadOlder });
  const dayLabel = (iso: string) => {
    const ago = daysAgo(iso);
    return ago === 0 ? t`Today` : ago === 1 ? t`Yesterday` : formatLongDate(iso);
  };

  // quick replies are offered until the member answers: on support's messages after the member's last one
  const lastMine = entries.findLastIndex((e) => e.message.sender === 'customer');
  return (
    <div className="message-list">
      <div
        ref={scroller}
        className="message-scroll"
        role="log"
        aria-live="polite"
        aria-busy={loadingOlder}
        aria-label={t`Conversation`}
        onScroll={onScroll}
      >
        <div ref={content} className="message-content">
          <div className="chat-older">
            {loadingOlder ? (
              <span className="muted small">
                <Trans>Loading earlier messages…</Trans>
              </span>
            ) : (
              hasOlder && (
                <button type="button" className="chat-link-button" onClick={onLoadOlder}>
                  <Trans>Load earlier messages</Trans>
                </button>
              )
            )}
          </div>
          {entries.map((entry, i) => {
            const prev = entries[i - 1];
            const m = entry.message;
            // a message still in the outbox may not know its session yet: no marker for that; support's end
            // marker stands for the session's end, so the next session's first message adds none
            const ended =
              isEnd(entry) || (prev && !isEnd(prev) && prev.message.session_id && m.session_id && prev.message.session_id !== m.session_id);
            const day = dayKey(m.createdAt);
            const newDay = day !== undefined && day !== (prev && dayKey(prev.message.createdAt));
            const sameSpeaker = !ended && !newDay && !isEnd(prev) && isSupport(prev) && isSupport(entry) && signer(prev) === signer(entry);
            return (
              <Fragment key={entry.key}>
                {ended && (
                  <p className="chat-marker is-end">
                    <span>
                      <Trans>End of conversation</Trans>
                    </span>
                  </p>
                )}
                {newDay && (
                  <p className="chat-marker">
                    <span>{dayLabel(m.createdAt)}</span>
                  </p>
                )}
                {!isEnd(entry) && (
                  <MessageRow
                    entry={entry}
                    prefix={prefix}
                    showName={!sameSpeaker}
                    isLast={i > lastMine}
                    onReply={onReply}
                    onRetry={onRetry}
                    onDiscard={onDiscard}
                  />
                )}
              </Fragment>
            );
          })}
        </div>
      </div>
      {unseen && (
        <button type="button" className="chat-new-banner" onClick={showNewest}>
          <ArrowDownIcon />
          <Trans>New message</Trans>
        </button>
      )}
    </div>
  );
}
