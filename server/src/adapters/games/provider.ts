/**
 * One game provider's API as the wallet needs it. Amounts are integer minor units of the member's
 * currency. `ref` makes deposits and withdrawals idempotent at the provider: the same ref applies once,
 * and a cancelled ref never applies (a call that hung and arrives late does nothing).
 */
export interface GameCredentials {
  username: string;
  password: string;
}

export type RefState = 'applied' | 'unknown';

export interface GameProvider {
  createAccount(provider: string, memberId: number): Promise<GameCredentials>;
  balance(provider: string, username: string): Promise<number>;
  deposit(provider: string, username: string, amount: number, ref: string): Promise<void>;
  withdraw(provider: string, username: string, amount: number, ref: string): Promise<void>;
  /** Whether a deposit or withdrawal with this ref was applied; used to finish transfers after a crash. */
  refState(provider: string, ref: string): Promise<RefState>;
  /** Makes sure a ref that was not applied never will be. */
  cancel(provider: string, ref: string): Promise<void>;
  resetPassword(provider: string, username: string): Promise<string>;
  /** The player's bets (stakes, minor units) placed at or after `since` (epoch ms): a bonus's turnover. */
  betsSince(provider: string, username: string, since: number): Promise<number>;
  launchUrl(provider: string, username: string, origin: string): Promise<string>;
}

export class ProviderError extends Error {}
