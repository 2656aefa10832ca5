import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { isNotice, type MemberEvent } from '../../../contract/member-events';
import type { Notice } from '../../../contract/push';
import { formatDateTime } from '../../lib/dates';
import { MEMBER_EVENT_DOM } from '../../lib/member/live-cache';
import { markNoticesSeen, unseenNotices } from '../../lib/member/notices-seen';
import { useMoneyWords } from './money-words';
import { noticeLine } from './notice-text';

/** Every notice up to now is seen (the member has the app open, or read the card). */
const SEEN_ALL = Number.MAX_SAFE_INTEGER;

/**
 * "While you were away" (issue 38): when the app opens, what happened to the member's money and requests
 * since they last had it open (a deposit credited, a withdrawal paid or rejected, a transfer in transit
 * finished, a support reply), the same notices Web Push tells of. Read once per opening; "OK" marks them
 * seen. What happens while the app is open and in front of the member is seen as it happens.
 */
export default function WhileAway() {
  const { t, i18n } = useLingui();
  const { amount } = useMoneyWords();
  const [notices, setNotices] = useState<Notice[]>([]);
  // whether the card is up: set with its notices, not after their render (a notice heard in between was taken
  // for one heard with no card, and marked the card's own seen before the member read it)
  const shown = useRef(false);
  // the newest notice unseen when one was heard while the member looked at the app with the card up (read then:
  // it may take with it one that came while the app was hidden, which Web Push told of)
  const watched = useRef<Promise<number>>(Promise.resolve(0));
  const show = (list: Notice[]) => {
    shown.current = list.length > 0;
    setNotices(list);
  };

  useEffect(() => {
    let ended = false;
    // a notice heard before this answer waits for it: marking everything seen first would take away the card's own
    let settled = false;
    const loaded = unseenNotices()
      .then((list) => void (!ended && show(list.notices)))
      .catch(() => undefined) // offline or signed out: nothing to add to what the screens show
      .finally(() => (settled = true));
    // a notice that happens while the member looks at the app is seen as it happens. While the card still shows
    // earlier ones the member has not acknowledged, its OK marks it seen with them: it is not told again next
    // time (a walk: a slip's credit watched in the deposit dialog came back as "while you were away")
    const heard = (e: Event) => {
      const event = (e as CustomEvent<MemberEvent>).detail;
      if (document.visibilityState !== 'visible' || !isNotice(event)) return;
      const before = watched.current;
      const up = settled ? Promise.resolve(shown.current) : loaded.then(() => shown.current); // the card, when heard
      watched.current = up.then(async (cardUp) => {
        if (!cardUp) {
          await markNoticesSeen(SEEN_ALL);
          return 0;
        }
        const list = await unseenNotices().catch(() => ({ notices: [] }));
        return Math.max(await before, ...list.notices.map((n) => n.id));
      });
    };
    window.addEventListener(MEMBER_EVENT_DOM, heard);
    return () => {
      ended = true;
      window.removeEventListener(MEMBER_EVENT_DOM, heard);
    };
    // read once per opening of the signed-in app; the words follow the language through render
  }, []);

  const lines = notices
    .map((n) => ({ id: n.id, when: formatDateTime(n.createdAt), text: noticeLine(i18n, n.event, amount) }))
    .filter((l) => l.text);
  if (!lines.length) return null;
  function done() {
    // what the card showed is marked at once (the app may be closed next); one heard meanwhile when it is known
    const upTo = Math.max(...notices.map((n) => n.id));
    void markNoticesSeen(upTo);
    void watched.current.then((newest) => newest > upTo && markNoticesSeen(newest));
    show([]);
  }
  return (
    <section className="card while-away" aria-labelledby="while-away-title">
      <h2 id="while-away-title">{t`While you were away`}</h2>
      <ul>
        {lines.map((line) => (
          <li key={line.id}>
            <span className="muted small">{line.when}</span> {line.text}
          </li>
        ))}
      </ul>
      <button type="button" className="button small" onClick={done}>
        {t`OK`}
      </button>
    </section>
  );
}
