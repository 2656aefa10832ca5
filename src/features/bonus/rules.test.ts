import { describe, expect, it } from 'vitest';
import { noticeText } from './rules';

describe('the bonus notice', () => {
  it('fills in every percentFail placeholder', () => {
    expect(noticeText('Lose {percentFail}% and the bonus ends ({percentFail}%)', 20)).toBe('Lose 20% and the bonus ends (20%)');
  });
});
