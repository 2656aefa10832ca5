import { Trans, useLingui } from '@lingui/react/macro';
import { formatTime } from '../../lib/dates';
import { ButtonRow, QuickReplies, type OnReply } from './message-buttons';
import { GenericCarousel } from './message-generic';
import { shown } from './message-list-payload';
import { MessageMedia } from './message-media';
import { DeliveryStatus } from './message-status';
import type { ChatEntry } from './types';

export interface MessageRowProps {
  entry: ChatEntry;
  prefix: string;
  /** support's name over the first of a run of their messages */
  showName: boolean;
  /** quick replies are offered only while nothing has come after them */
  isLast: boolean;
  onReply: OnReply;
  onRetry(key: string): void;
  onDiscard(key: string): void;
}

/** What one message says, by its kind. */
function Body({ entry, prefix, isLast, onReply }: Pick<MessageRowProps, 'entry' | 'prefix' | 'isLast' | 'onReply'>) {
  const m = shown(entry.message.message);
  const words = (text: string) => text && <p className="chat-text">{text}</p>;
  switch (m.kind) {
    case 'text':
    case 'postback':
      return <div className="chat-bubble">{words(m.text)}</div>;
    case 'buttons':
      return (
        <div className="chat-bubble">
          {words(m.text)}
          <ButtonRow buttons={m.buttons} onReply={onReply} />
        </div>
      );
    case 'quick_replies':
      return (
        <>
          {m.text && <div className="chat-bubble">{words(m.text)}</div>}
          {isLast && m.replies.length > 0 && <QuickReplies replies={m.replies} onReply={onReply} />}
        </>
      );
    case 'generic':
      return <GenericCarousel cards={m.cards} onReply={onReply} />;
    case 'media':
      return (
        <div className="chat-bubble is-media">
          <MessageMedia fileType={m.fileType} filePath={m.filePath} name={m.name} prefix={prefix} localUrl={entry.localUrl} />
          {words(m.text)}
        </div>
      );
    case 'unknown':
      return (
        <div className="chat-bubble is-unknown">
          <p className="chat-text">
            <Trans>This message cannot be shown here.</Trans>
          </p>
        </div>
      );
  }
}

/** One message: the member's on the right with where it is on its way, support's on the left under their name. */
export function MessageRow(props: MessageRowProps) {
  const { t } = useLingui();
  const { entry, showName, onRetry, onDiscard } = props;
  const m = entry.message;
  const mine = m.sender === 'customer';
  const wide = m.message.message_type === 'generic';
  // the message's `name` is the conversation's (the member's or guest's); an agent's reply carries theirs
  const who = mine ? t`You` : (m.agentName ?? t`Support`);
  return (
    <div className={`chat-row ${mine ? 'is-mine' : 'is-theirs'}${wide ? ' is-wide' : ''}`} data-key={entry.key}>
      {showName && !mine ? <span className="chat-name">{who}</span> : <span className="visually-hidden">{who}</span>}
      <Body {...props} />
      <div className="chat-meta">
        <time dateTime={m.createdAt}>{formatTime(m.createdAt)}</time>
        {mine && <DeliveryStatus deliver={entry.deliver} onRetry={() => onRetry(entry.key)} onDiscard={() => onDiscard(entry.key)} />}
      </div>
    </div>
  );
}
