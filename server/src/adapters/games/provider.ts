/**
 * One game provider's API as the wallet needs it. Amounts are integer minor units of the member's
 * currency. `ref` makes deposits and withdrawals idempotent at the provider: the same ref applies once,
 * and a cancelled ref never applies (a call that hung and arrives late does nothing).
 */
import type { Currency } from '../../ledger/money.js';

export interface GameCredentials {
  username: string;
  password: string;
}

export type RefState = 'applied' | 'unknown';

export interface GameProvider {
  /** The member's account at the game, in the member's currency (the same username if it has one). */
  createAccount(provider: string, memberId: number, currency: Currency): Promise<GameCredentials>;
  balance(provider: string, username: string): Promise<number>;
  deposit(provider: string, username: string, amount: number, ref: string): Promise<void>;
  withdraw(provider: string, username: string, amount: number, ref: string): Promise<void>;
  /** Whether a deposit or withdrawal with this ref was applied; used to finish transfers after a crash. */
  refState(provider: string, ref: string): Promise<RefState>;
  /** Makes sure a ref that was not applied never will be; answers which it is now (an applied ref stays applied). */
  cancel(provider: string, ref: string): Promise<'applied' | 'cancelled'>;
  resetPassword(provider: string, username: string): Promise<string>;
  /** The player's bets (stakes, minor units) placed at or after `since` (epoch ms): a bonus's turnover. */
  betsSince(provider: string, username: string, since: number): Promise<number>;
  launchUrl(provider: string, username: string, origin: string): Promise<string>;
}

/**
 * The provider answered no (`code`: the protocol's error code, docs/game-provider-protocol.md), or gave no
 * answer (`GameBridgeUnanswered`, http-provider.ts): either way nothing the call asked was done, or it is
 * asked again by its ref.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly code = 'refused',
  ) {
    super(message);
  }
}
