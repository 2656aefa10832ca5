import type { QrProvider } from '../../../contract/deposit';
import { QR_MINIMUM } from '../../../contract/limits';

/** §2 quick-pick amounts per provider. */
export const QR_PRESETS: Record<QrProvider, readonly number[]> = {
  KBANK: [10, 20, 50, 100, 500, 1000],
  WW: [100, 200, 300, 500, 1000],
  ZAPMAN: [100, 200, 300, 500, 1000],
};

/**
 * §5 QR amount: KBANK needs a positive amount (below 1 the creation is skipped); WW and ZAPMAN need at
 * least 100 (§9); none more than the provider's maximum (`maximum` from GET /api/qrcode/{provider},
 * in the member's currency; unknown: the server alone checks it). undefined: the amount may go to the
 * server, which checks it again.
 */
export function qrAmountProblem(provider: QrProvider, amount: number, maximum?: number): 'skip' | 'minimum' | 'maximum' | undefined {
  if (amount < QR_MINIMUM[provider]) return provider === 'KBANK' ? 'skip' : 'minimum';
  return maximum !== undefined && amount > maximum ? 'maximum' : undefined;
}

/** Seconds as mm:ss (§4 Deposit QR countdown). */
export function countdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
