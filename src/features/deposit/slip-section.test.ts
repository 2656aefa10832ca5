import { describe, expect, it } from 'vitest';
import type { SlipItem } from '../../../contract/deposit';
import type { OutboxItem } from '../../lib/outbox';
import { RESULT_KEPT_MS, settledLongAgo, stillChecking } from './slip-section';

const slip = (reference: string, status: string): SlipItem => ({
  createdAt: '2026-11-29T03:40:46.000Z',
  amount: 0,
  status,
  note: null,
  link: true,
  reference,
});

describe('a slip sent from this device, still being checked', () => {
  it('is one not listed yet, or listed as being checked; a result in the list ends the asking', () => {
    expect(stillChecking([], undefined)).toBe(false);
    expect(stillChecking(['S1'], undefined)).toBe(true);
    expect(stillChecking(['S1'], { total: 1, slips: [slip('S0', 'SUCCESS')] })).toBe(true);
    expect(stillChecking(['S1'], { total: 1, slips: [slip('S1', 'PROCESSING')] })).toBe(true);
    for (const status of ['REVIEW', 'SUCCESS', 'FAILED'])
      expect(stillChecking(['S1'], { total: 1, slips: [slip('S1', status)] })).toBe(false);
    expect(stillChecking(['S1', 'S2'], { total: 2, slips: [slip('S1', 'SUCCESS'), slip('S2', 'PROCESSING')] })).toBe(true);
  });
});

describe("a slip's row on this device", () => {
  const now = Date.parse('2026-11-30T12:00:00.000Z');
  const day = RESULT_KEPT_MS;
  const row = (id: string, reference: string, state: OutboxItem['state'] = 'done') =>
    ({ id, state, createdAt: now - 3 * day, result: { reference } }) as unknown as OutboxItem;
  const list = {
    total: 4,
    slips: [slip('S1', 'SUCCESS'), slip('S2', 'FAILED'), slip('S3', 'REVIEW'), slip('S4', 'SUCCESS')],
  };

  it('keeps a final result a day from when it was first shown, however long the slip waited for it', () => {
    const items = [row('a', 'S1'), row('b', 'S2'), row('c', 'S3'), row('d', 'S4'), row('e', 'S9'), row('f', 'S1', 'failed')];
    // shown now for the first time (a slip in review for three days, credited just now): kept, and when noted
    expect(settledLongAgo(items, list, now, {})).toEqual({ remove: [], seen: { a: now, b: now, d: now } });
    // a day later: the ones shown a day ago leave; one shown since stays
    const later = now + day + 1;
    expect(settledLongAgo(items, list, later, { a: now, b: now, d: later - 1 })).toEqual({ remove: ['a', 'b'], seen: { d: later - 1 } });
    // no list: nothing new is noted, nothing leaves before its day
    expect(settledLongAgo(items, undefined, now, { a: now })).toEqual({ remove: [], seen: { a: now } });
  });

  it("keeps another member's notes on this device for a month, so their rows keep their day", () => {
    const later = now + day + 1;
    // 'x' is a row of another member (not among this member's items): its note stays as it is
    expect(settledLongAgo([row('a', 'S1')], list, later, { a: now, x: now })).toEqual({ remove: ['a'], seen: { x: now } });
    // a month on, a note of a row no one here holds is let go
    expect(settledLongAgo([], list, now + 31 * day, { x: now })).toEqual({ remove: [], seen: {} });
  });
});
