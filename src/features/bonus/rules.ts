import type { Bonus } from './queries';

/** Bangkok and Vientiane: UTC+7 all year; the operator's day and week (from Monday) are theirs (§4). */
const LOCAL_OFFSET_MS = 7 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const localDay = (time: number) => Math.floor((time + LOCAL_OFFSET_MS) / DAY_MS);
/** Days since the epoch (a Thursday) shifted so weeks start on Monday. */
const localWeek = (time: number) => Math.floor((localDay(time) + 3) / 7);

/** §4: how many count towards maxReceived: `limit` all, `day` those of today, `week` those of this week. */
export function receivedCount(bonus: Pick<Bonus, 'type' | 'userBonus'>, now: number): number {
  const received = (bonus.userBonus?.received ?? []).map((r) => Date.parse(r.updatedAt));
  if (bonus.type === 'day') return received.filter((t) => localDay(t) === localDay(now)).length;
  if (bonus.type === 'week') return received.filter((t) => localWeek(t) === localWeek(now)).length;
  return received.length;
}

export const isExhausted = (bonus: Pick<Bonus, 'type' | 'userBonus' | 'maxReceived'>, now: number) =>
  receivedCount(bonus, now) >= bonus.maxReceived;

/** The notice with its `{percentFail}` placeholder filled in (§2 Bonus modal). */
export const noticeText = (notice: string, percentFail: number) => notice.replaceAll('{percentFail}', String(percentFail));
