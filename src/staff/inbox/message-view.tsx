import { Trans, useLingui } from '@lingui/react/macro';
import type { InboxMessage } from '../../../contract/staff-inbox';

type Payload = {
  message?: string;
  buttons?: { title: string; type: string; payload: string }[];
  quick_replies?: { title: string; payload: string }[];
  payload?: string;
  fileType?: string;
  filePath?: string;
  name?: string;
};

/** A file the chat stored: only its own paths are shown (never an address a payload names elsewhere). */
const chatFile = (path: string | undefined) => (path && /^\/files\/chat\/[A-Za-z0-9_-]{16,100}$/.test(path) ? path : undefined);

/** What one message says, by its kind, as text and plain elements (nothing a customer wrote is run as markup). */
function Body({ message }: { message: InboxMessage }) {
  const { t } = useLingui();
  if (message.type === 'generic') {
    const cards = (Array.isArray(message.payload) ? message.payload : []) as { title?: string; subtitle?: string }[];
    return (
      <ul className="staff-chat-cards" aria-label={t`Cards`}>
        {cards.map((c, i) => (
          <li key={i}>
            <span className="staff-strong">{c.title}</span> {c.subtitle}
          </li>
        ))}
      </ul>
    );
  }
  const p = (message.payload ?? {}) as Payload;
  // dir=auto: the customer's words set their own direction, apart from the console's
  const words = p.message ? (
    <p className="staff-chat-text" dir="auto">
      {p.message}
    </p>
  ) : null;
  switch (message.type) {
    case 'text':
      return words;
    case 'postback': {
      const tapped = p.message ?? '';
      return (
        <p className="staff-chat-text">
          <Trans>
            Tapped: <bdi>{tapped}</bdi>
          </Trans>
          {/* what was tapped: one title ("Details") may stand under several cards, its payload names which */}
          {p.payload && (
            <>
              {' '}
              <bdi dir="ltr" className="staff-muted staff-mono">
                {p.payload}
              </bdi>
            </>
          )}
        </p>
      );
    }
    case 'buttons':
      return (
        <>
          {words}
          <ul className="staff-chat-choices" aria-label={t`Buttons`}>
            {(p.buttons ?? []).map((b, i) => (
              <li key={i}>
                {b.title} <span className="staff-muted staff-mono">{b.type === 'web' ? b.payload : b.type}</span>
              </li>
            ))}
          </ul>
        </>
      );
    case 'quick_replies':
      return (
        <>
          {words}
          <ul className="staff-chat-choices" aria-label={t`Quick replies`}>
            {(p.quick_replies ?? []).map((r, i) => (
              <li key={i}>{r.title}</li>
            ))}
          </ul>
        </>
      );
    case 'media': {
      const file = chatFile(p.filePath);
      return (
        <>
          {file && p.fileType === 'image' && (
            <a href={file} target="_blank" rel="noreferrer">
              <img className="staff-chat-image" src={file} alt={p.name || t`Picture`} loading="lazy" />
            </a>
          )}
          {file && p.fileType === 'video' && (
            // members' and agents' own clips come without a captions track to offer
            // eslint-disable-next-line jsx-a11y/media-has-caption
            <video className="staff-chat-image" src={file} controls preload="metadata" aria-label={p.name || t`Video`} />
          )}
          {file && p.fileType !== 'image' && p.fileType !== 'video' && <a href={file}>{p.name || t`File`}</a>}
          {!file && (
            <p className="staff-muted">
              <Trans>A file that cannot be shown.</Trans>
            </p>
          )}
          {words}
        </>
      );
    }
    default: {
      const { type } = message;
      return (
        <p className="staff-muted">
          <Trans>A message of another kind ({type}).</Trans>
        </p>
      );
    }
  }
}

/**
 * One message of the conversation: who wrote it (the customer, the agent by the name the customer saw, or
 * the greeter), when, what it says, and for support's whether the customer has read it.
 */
export function MessageView({ message, customer, time }: { message: InboxMessage; customer: string; time: (iso: string) => string }) {
  const { t } = useLingui();
  if (message.type === 'end')
    return (
      <li className="staff-chat-end">
        <Trans>The conversation was ended here.</Trans>
      </li>
    );
  const who = message.sender === 'customer' ? customer : message.sender === 'agent' ? (message.agentName ?? t`Support`) : t`Greeter`;
  const read = message.readAt ? time(message.readAt) : '';
  return (
    <li className={`staff-chat-message is-${message.sender}`}>
      <p className="staff-chat-who">
        <bdi className="staff-strong">{who}</bdi> <time dateTime={message.createdAt}>{time(message.createdAt)}</time>
      </p>
      <Body message={message} />
      {message.sender !== 'customer' && (
        <p className="staff-chat-read staff-muted">{message.readAt ? <Trans>Read {read}</Trans> : <Trans>Not read yet</Trans>}</p>
      )}
    </li>
  );
}
