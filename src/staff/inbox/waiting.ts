import { useEffect, useState } from 'react';

/** The time now, again every 30 s: what the waiting times and the red ones are counted from. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** Whole minutes a conversation has waited for an answer (null: it does not wait). */
export const minutesWaiting = (waitingSince: string | null, now: number): number | null =>
  waitingSince === null ? null : Math.max(0, Math.floor((now - Date.parse(waitingSince)) / 60_000));
