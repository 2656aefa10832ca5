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
  const row = (id: string, reference: string, sentAgo: number, state: OutboxItem['state'] = 'done') =>
    ({ id, state, createdAt: now - sentAgo, result: { reference } }) as unknown as OutboxItem;

  it('leaves once its result is final and it was sent more than a day ago; one in review, unknown or recent stays', () => {
    const day = RESULT_KEPT_MS;
    const list = {
      total: 4,
      slips: [slip('S1', 'SUCCESS'), slip('S2', 'FAILED'), slip('S3', 'REVIEW'), slip('S4', 'SUCCESS')],
    };
    const items = [
      row('a', 'S1', day + 1),
      row('b', 'S2', day + 1),
      row('c', 'S3', day + 1),
      row('d', 'S4', day - 1),
      row('e', 'S9', day + 1),
      row('f', 'S1', day + 1, 'failed'),
    ];
    expect(settledLongAgo(items, list, now)).toEqual(['a', 'b']);
    expect(settledLongAgo(items, undefined, now)).toEqual([]);
  });
});
