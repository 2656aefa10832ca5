/**
 * §4: a `day` bonus counts what was received today, a `week` bonus what was received this week (from
 * Monday), both in the operator's time zone; a `limit` bonus counts everything. These give the instant
 * the current period began.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The wall-clock fields of `time` in `timeZone`. */
function wallClock(time: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    weekday: 'short',
  }).formatToParts(new Date(time));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const num = (type: string) => Number(get(type));
  return {
    year: num('year'),
    month: num('month'),
    day: num('day'),
    hour: num('hour'),
    minute: num('minute'),
    second: num('second'),
    // 0 Monday ... 6 Sunday
    weekday: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(get('weekday')),
  };
}

/** How far `timeZone`'s wall clock is ahead of UTC at `time`. */
function offsetAt(time: number, timeZone: string): number {
  const c = wallClock(time, timeZone);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - Math.floor(time / 1000) * 1000;
}

/** The instant the local day of `time` began in `timeZone` (the offset at midnight, not at `time`: a DST change). */
export function dayStart(time: number, timeZone: string): number {
  const c = wallClock(time, timeZone);
  const midnight = Date.UTC(c.year, c.month - 1, c.day);
  const guess = midnight - offsetAt(time, timeZone);
  return midnight - offsetAt(guess, timeZone);
}

/** The instant the local week (Monday 00:00) of `time` began in `timeZone`. */
export function weekStart(time: number, timeZone: string): number {
  const { weekday } = wallClock(time, timeZone);
  // step back whole days from the day's start, then take that day's start again (a DST change in between)
  return dayStart(dayStart(time, timeZone) - weekday * DAY_MS + DAY_MS / 2, timeZone);
}

/** Where a bonus's count of received entries starts: `limit` from the beginning. */
export function periodStart(type: 'limit' | 'day' | 'week', time: number, timeZone: string): number {
  if (type === 'day') return dayStart(time, timeZone);
  if (type === 'week') return weekStart(time, timeZone);
  return 0;
}

/** The local date `YYYY-MM-DD` in `timeZone` as an instant inside that day, or undefined when there is no such date. */
export function instantOnDate(date: string, timeZone: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return undefined;
  const noon = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12);
  const local = (t: number) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(t));
  // noon UTC is that date in most zones; a zone twelve hours away has it half a day on either side
  return [noon, noon - 12 * 3_600_000, noon + 12 * 3_600_000].find((t) => local(t) === date);
}
