import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useSearch, type LinkProps } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { isApiError } from '../../lib/http';
import { FormError } from '../../ui/field';
import { useOnline } from '../../ui/use-online';
import { meQueryOptions } from '../session/queries';
import { staffErrorMessage } from '../staff-errors';
import { useFocusHeading } from '../use-focus-heading';
import { askNotifications, notificationState, setSoundOn, soundOn } from './alerts';
import { ConversationList } from './conversation-list';
import { ConversationView } from './conversation-view';
import { EndGuestsDialog, waitingGuests } from './end-guests-dialog';
import { inboxQueryOptions, useTakeNext } from './queries';
import { useNow } from './waiting';

/**
 * /staff/inbox (issue 24, every role): the open conversations beside the one chosen (`?room=`), "Take the
 * next" (the one waiting longest that nobody holds), who is online, and the agent's sound and desktop
 * notifications. The list is live: the shell's socket asks it again on every event.
 */
export function InboxPage() {
  const { t, i18n } = useLingui();
  const heading = useFocusHeading();
  const online = useOnline();
  const now = useNow();
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const search = useSearch({ strict: false }) as { room?: string };
  const navigate = useNavigate();
  const list = useQuery(inboxQueryOptions());
  const next = useTakeNext();
  const [sound, setSound] = useState(soundOn);
  const [notifications, setNotifications] = useState(notificationState);
  // the rooms a bulk end was asked for (fixed when the dialog opened), and how many the last one ended
  const [ending, setEnding] = useState<string[] | null>(null);
  const [ended, setEnded] = useState<number | null>(null);
  const open = (room: string) => void navigate({ to: '/inbox' as LinkProps['to'], search: { room } as never });
  const data = list.data;
  const people = (data?.online ?? []).map((s) => s.displayName).join(', ');
  const guests = waitingGuests(data?.conversations ?? []);
  useEffect(() => {
    // the bulk end's button leaves with the guests it closed: the keyboard's place is the screen's heading,
    // the count read under it (as a queue screen does after its row left)
    if (ended !== null && (!document.activeElement || document.activeElement === document.body)) heading.current?.focus();
  }, [ended, heading, guests.length]);
  const waitingCount = guests.length;
  return (
    <section aria-labelledby="staff-inbox-title" className="staff-inbox">
      <h1 id="staff-inbox-title" ref={heading} tabIndex={-1}>
        <Trans>Inbox</Trans>
      </h1>
      <div className="staff-inbox-bar">
        <button
          type="button"
          disabled={!online || next.isPending}
          onClick={() => next.mutate(undefined, { onSuccess: ({ room }) => open(room) })}
        >
          <Trans>Take the next waiting</Trans>
        </button>
        {guests.length > 0 && (
          <button
            type="button"
            className="staff-secondary"
            disabled={!online}
            onClick={() => {
              setEnded(null);
              setEnding(guests);
            }}
          >
            <Trans>Close waiting guest conversations ({waitingCount})</Trans>
          </button>
        )}
        <label className="staff-check">
          <input
            type="checkbox"
            checked={sound}
            onChange={(e) => {
              setSoundOn(e.target.checked);
              setSound(e.target.checked);
            }}
          />{' '}
          <Trans>Sound for new messages</Trans>
        </label>
        {notifications === 'default' && (
          <button type="button" className="staff-secondary" onClick={() => void askNotifications().then(setNotifications)}>
            <Trans>Allow desktop notifications</Trans>
          </button>
        )}
        {notifications === 'denied' && (
          <span className="staff-muted">
            <Trans>Desktop notifications are blocked in this browser.</Trans>
          </span>
        )}
        <p className="staff-muted">{people ? <Trans>Online: {people}</Trans> : <Trans>Nobody is online.</Trans>}</p>
      </div>
      {/* always on the page, so a screen reader announces what comes into it */}
      <p role="status" className="staff-muted">
        {ended !== null && <Plural value={ended} one="# guest conversation closed." other="# guest conversations closed." />}
      </p>
      {ending && (
        <EndGuestsDialog
          rooms={ending}
          onClose={() => setEnding(null)}
          onEnded={(count) => {
            setEnding(null);
            setEnded(count);
          }}
        />
      )}
      {next.error && (
        <FormError
          message={isApiError(next.error, 'NO_DATA') ? t`No conversation is waiting for an agent.` : staffErrorMessage(i18n, next.error)}
        />
      )}
      {list.error && !data && (
        <div role="alert">
          <p>{staffErrorMessage(i18n, list.error)}</p>
          <button type="button" onClick={() => void list.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}
      {!data && !list.error && (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {data && (
        <div className="staff-inbox-panes">
          <ConversationList
            conversations={data.conversations}
            chosen={search.room}
            unansweredMinutes={data.unansweredMinutes}
            now={now}
            me={me.username}
          />
          {search.room ? (
            <ConversationView key={search.room} room={search.room} canned={data.canned} />
          ) : (
            <p className="staff-muted">
              <Trans>Choose a conversation, or take the next waiting.</Trans>
            </p>
          )}
        </div>
      )}
    </section>
  );
}
