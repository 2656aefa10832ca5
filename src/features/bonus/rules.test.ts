import { describe, expect, it } from 'vitest';
import { isExhausted, noticeText, receivedCount } from './rules';

const at = (iso: string) => ({ updatedAt: iso });
const bonus = (type: 'limit' | 'day' | 'week', received: { updatedAt: string }[], maxReceived = 1) => ({
  type,
  maxReceived,
  userBonus: { _id: 1, isActive: false, received },
});

describe('when a bonus is used up (§4), in Bangkok time', () => {
  // Monday 2026-11-23 00:30 in Bangkok is Sunday 17:30 UTC
  const mondayMorning = Date.parse('2026-11-22T17:30:00Z');

  it('counts every receipt for a limit bonus', () => {
    expect(receivedCount(bonus('limit', [at('2025-01-01T00:00:00Z'), at('2026-11-20T00:00:00Z')]), mondayMorning)).toBe(2);
  });

  it('counts only today for a day bonus: a receipt before Bangkok midnight is yesterday', () => {
    const b = bonus('day', [at('2026-11-22T16:59:00Z')]); // 23:59 Sunday in Bangkok
    expect(receivedCount(b, mondayMorning)).toBe(0);
    expect(isExhausted(b, mondayMorning)).toBe(false);
    expect(isExhausted(bonus('day', [at('2026-11-22T17:01:00Z')]), mondayMorning)).toBe(true);
  });

  it('counts only this week (from Monday) for a week bonus', () => {
    const sunday = at('2026-11-22T10:00:00Z'); // Sunday 17:00 in Bangkok: last week
    const monday = at('2026-11-22T17:10:00Z'); // Monday 00:10 in Bangkok
    expect(receivedCount(bonus('week', [sunday, monday], 2), mondayMorning)).toBe(1);
    expect(receivedCount(bonus('week', [sunday], 2), Date.parse('2026-11-22T12:00:00Z'))).toBe(1);
  });

  it('fills the percentFail placeholder of the notice', () => {
    expect(noticeText('Lose {percentFail}% and the bonus ends ({percentFail}%)', 20)).toBe('Lose 20% and the bonus ends (20%)');
  });
});
