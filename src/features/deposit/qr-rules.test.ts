import { describe, expect, it } from 'vitest';
import { countdown, QR_PRESETS, qrAmountProblem } from './qr-rules';

describe('QR amounts and countdown', () => {
  it('offers the quick amounts of each provider', () => {
    expect(QR_PRESETS.KBANK).toEqual([10, 20, 50, 100, 500, 1000]);
    expect(QR_PRESETS.WW).toEqual([100, 200, 300, 500, 1000]);
    expect(QR_PRESETS.ZAPMAN).toEqual([100, 200, 300, 500, 1000]);
  });

  it('skips KBANK below 1 and asks WW and ZAPMAN for at least 100', () => {
    expect(qrAmountProblem('KBANK', 0)).toBe('skip');
    expect(qrAmountProblem('KBANK', 0.99)).toBe('skip');
    expect(qrAmountProblem('KBANK', 1)).toBeUndefined();
    for (const p of ['WW', 'ZAPMAN'] as const) {
      expect(qrAmountProblem(p, 99.99)).toBe('minimum');
      expect(qrAmountProblem(p, 100)).toBeUndefined();
    }
  });

  it("refuses more than the provider's maximum, when the server told it", () => {
    expect(qrAmountProblem('KBANK', 50_000.01, 50_000)).toBe('maximum');
    expect(qrAmountProblem('WW', 99_999_999_999.99, 50_000)).toBe('maximum');
    expect(qrAmountProblem('KBANK', 50_000, 50_000)).toBeUndefined();
    expect(qrAmountProblem('KBANK', 1_000_000)).toBeUndefined();
  });

  it('counts down in mm:ss to 00:00 and never below', () => {
    expect(countdown(600)).toBe('10:00');
    expect(countdown(61)).toBe('01:01');
    expect(countdown(9.7)).toBe('00:09');
    expect(countdown(0)).toBe('00:00');
    expect(countdown(-5)).toBe('00:00');
  });
});
