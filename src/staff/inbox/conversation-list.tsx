import { Trans, useLingui } from '@lingui/react/macro';
import { Link, type LinkProps } from '@tanstack/react-router';
import type { InboxConversation } from '../../../contract/staff-inbox';
import { minutesWaiting } from './waiting';

interface Props {
  conversations: InboxConversation[];
  chosen: string | undefined;
  unansweredMinutes: number;
  now: number;
  me: string;
}

/**
 * The open conversations, those waiting first: each a link that opens it beside the list, saying who, the
 * last words, how many of the customer's messages wait unread, how long they have waited (red past the
 * setting) and who holds it.
 */
export function ConversationList({ conversations, chosen, unansweredMinutes, now, me }: Props) {
  const { t } = useLingui();
  if (!conversations.length)
    return (
      <p className="staff-muted">
        <Trans>No open conversation.</Trans>
      </p>
    );
  return (
    <ul className="staff-inbox-list" aria-label={t`Open conversations, waiting first`}>
      {conversations.map((c) => {
        const waited = minutesWaiting(c.waitingSince, now);
        const late = waited !== null && waited >= unansweredMinutes;
        const holder = c.holder ? (c.holder.username === me ? t`you` : c.holder.displayName) : t`nobody`;
        const { unread } = c;
        return (
          <li key={c.room} className={`staff-inbox-item${late ? ' is-late' : ''}${c.room === chosen ? ' is-chosen' : ''}`}>
            <Link to={'/inbox' as LinkProps['to']} search={{ room: c.room } as never} aria-current={c.room === chosen ? 'true' : undefined}>
              <span className="staff-inbox-name">
                <bdi className="staff-strong">{c.name}</bdi>{' '}
                <span className="staff-muted">{c.kind === 'member' ? t`Member` : `${t`Guest`} ${c.who.slice(-8)}`}</span>
                {unread > 0 && (
                  <span className="staff-badge">
                    <Trans>{unread} unread</Trans>
                  </span>
                )}
              </span>
              <span className="staff-inbox-last">
                {c.lastMessage.sender === 'customer' ? '' : `${c.lastMessage.sender === 'agent' ? t`Support` : t`Greeter`}: `}
                <bdi>{c.lastMessage.text}</bdi>
              </span>
              <span className="staff-inbox-meta">
                {waited === null ? (
                  <Trans>Answered</Trans>
                ) : late ? (
                  <span className="staff-late">
                    <Trans>Waiting {waited} min: late</Trans>
                  </span>
                ) : (
                  <Trans>Waiting {waited} min</Trans>
                )}
                {' · '}
                <Trans>Held by {holder}</Trans>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
