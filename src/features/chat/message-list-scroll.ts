import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ChatEntry } from './types';

/** Within this many pixels of the end the member counts as reading the newest message. */
export const NEAR_BOTTOM = 40;
/** Within this many pixels of the start the earlier messages are asked for. */
const NEAR_TOP = 8;

interface Older {
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder(): void;
}

const toBottom = (el: HTMLElement) => {
  el.scrollTop = el.scrollHeight;
};

/**
 * The conversation's scrolling: starts at the newest message and follows new ones while the member is
 * at the end; while they read further up, a new message raises `unseen` instead of moving the page;
 * earlier messages put in above keep what the member was reading in place; the top asks for more.
 */
export function useChatScroll(entries: ChatEntry[], older: Older) {
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const seen = useRef<{ first?: string; last?: string; height: number }>({ height: 0 });
  const asked = useRef(false);
  const [unseen, setUnseen] = useState(false);

  const first = entries[0]?.key;
  const last = entries.at(-1)?.key;
  const lastMine = entries.at(-1)?.message.sender === 'customer';

  // the DOM has its new rows (or lost the loading line) and the browser has not painted them yet
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = seen.current;
    if (before.last === undefined) {
      if (last !== undefined) toBottom(el);
    } else if (last !== before.last) {
      // what the member just sent is always shown; someone else's waits behind the banner
      if (nearBottom.current || lastMine) {
        toBottom(el);
        nearBottom.current = true;
        setUnseen(false);
      } else setUnseen(true);
    } else if (first !== before.first && entries.some((e) => e.key === before.first)) {
      el.scrollTop += el.scrollHeight - before.height;
    }
    seen.current = { first, last, height: el.scrollHeight };
  }, [entries, first, last, lastMine, older.loadingOlder, older.hasOlder]);

  // a picture loading or the keyboard opening changes the sizes without a render: stay at the end if there
  useEffect(() => {
    const el = scroller.current;
    if (!el || !content.current || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (nearBottom.current) toBottom(el);
      seen.current.height = el.scrollHeight;
    });
    observer.observe(el);
    observer.observe(content.current);
    return () => observer.disconnect();
  }, []);

  // one request per arrival at the top: asked again once the earlier page came (or did not)
  useEffect(() => {
    asked.current = false;
  }, [first, older.loadingOlder, older.hasOlder]);

  const { hasOlder, loadingOlder, onLoadOlder } = older;
  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= NEAR_BOTTOM;
    if (nearBottom.current) setUnseen(false);
    seen.current.height = el.scrollHeight;
    if (el.scrollTop <= NEAR_TOP && hasOlder && !loadingOlder && !asked.current) {
      asked.current = true;
      onLoadOlder();
    }
  }, [hasOlder, loadingOlder, onLoadOlder]);

  const showNewest = useCallback(() => {
    const el = scroller.current;
    if (el) toBottom(el);
    nearBottom.current = true;
    setUnseen(false);
  }, []);

  return { scroller, content, onScroll, unseen, showNewest };
}
