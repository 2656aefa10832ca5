import { describe, expect, it } from 'vitest';
import type { SlipItem } from '../../../contract/deposit';
import { stillChecking } from './slip-section';

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
