import { useLingui } from '@lingui/react/macro';
import { telHref, webHref } from './message-list-payload';
import type { ChatButton, QuickReply } from './types';

export type OnReply = (title: string, payload: string) => void;

/** One button of a buttons message or a card: a page (http(s) only), a phone number, or an answer sent back. */
function ActionButton({ button, onReply }: { button: ChatButton; onReply: OnReply }) {
  if (button.type === 'postback') {
    return (
      <button type="button" className="chat-action" onClick={() => onReply(button.title, button.payload)}>
        {button.title}
      </button>
    );
  }
  const href = button.type === 'web' ? webHref(button.payload) : telHref(button.payload);
  if (!href) return <span className="chat-action is-inert">{button.title}</span>;
  return button.type === 'web' ? (
    <a className="chat-action" href={href} target="_blank" rel="noopener noreferrer">
      {button.title}
    </a>
  ) : (
    <a className="chat-action" href={href}>
      {button.title}
    </a>
  );
}

export function ButtonRow({ buttons, onReply }: { buttons: ChatButton[]; onReply: OnReply }) {
  return (
    <div className="chat-actions">
      {buttons.map((b, i) => (
        <ActionButton key={`${i}-${b.title}`} button={b} onReply={onReply} />
      ))}
    </div>
  );
}

/** Suggested answers under support's question; the list shows them only while they are the last word. */
export function QuickReplies({ replies, onReply }: { replies: QuickReply[]; onReply: OnReply }) {
  const { t } = useLingui();
  return (
    <div className="chat-chips" role="group" aria-label={t`Suggested replies`}>
      {replies.map((r, i) => (
        <button key={`${i}-${r.title}`} type="button" className="chat-chip" onClick={() => onReply(r.title, r.payload)}>
          {r.title}
        </button>
      ))}
    </div>
  );
}
