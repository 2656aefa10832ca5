/**
 * The report's period as local dates (YYYY-MM-DD) of the site's time zone: the server counts whole days of
 * its TIME_ZONE (Asia/Bangkok, or Asia/Vientiane: the same clock, UTC+7 without summer time), and answers
 * it with each report; until the first answer the console assumes Bangkok's.
 */
export type Preset = 'today' | 'yesterday' | 'this-week' | 'last-7-days' | 'this-month' | 'custom';
export const PRESETS: readonly Preset[] = ['today', 'yesterday', 'this-week', 'last-7-days', 'this-month', 'custom'];
export const DEFAULT_TIME_ZONE = 'Asia/Bangkok';

export interface Period {
  from: string;
  to: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The local date of `time` in `timeZone`. */
export const localDate = (time: number, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(time));

/** A date `days` after (or before) another: calendar arithmetic on the date alone, so no clock change moves it. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The period a preset names at `now`; a week starts on Monday, as the bonuses' weeks do. */
export function presetPeriod(preset: Exclude<Preset, 'custom'>, now: number, timeZone: string): Period {
  const today = localDate(now, timeZone);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'this-week': {
      const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // 0 Monday
      return { from: addDays(today, -weekday), to: today };
    }
    case 'last-7-days':
      return { from: addDays(today, -6), to: today };
    case 'this-month':
      return { from: `${today.slice(0, 8)}01`, to: today };
  }
}

/** The query both calls take. */
export const periodQuery = ({ from, to }: Period) => new URLSearchParams({ from, to }).toString();

/** The CSV file's address: a plain link, so the browser downloads it with the session cookie (a GET needs no CSRF token). */
export const csvHref = (period: Period) => `/api/staff/reports.csv?${periodQuery(period)}`;
