import { randomInt } from 'node:crypto';
import { findGame } from './catalog.js';
import { samePassword, type SandboxBooks } from './sandbox-books.js';
import type { Currency } from '../../ledger/money.js';
import { ProviderError, type GameCredentials, type GameProvider, type RefState } from './provider.js';

/**
 * `fail` and `hang` take the whole provider down: every call, cancel and refState included, so a
 * transfer can be neither finished nor asked about. `fail-transfers` and `hang-transfers` only touch
 * deposits and withdrawals: the provider still answers whether a ref applied.
 */
export const FAULTS = ['fail', 'hang', 'fail-transfers', 'hang-transfers'] as const;
export type Fault = (typeof FAULTS)[number];
/** A drill's fixed outcome of every round of the demo game (otherwise about 45% are won). */
export const PLAYS = ['win', 'lose'] as const;
export type Play = (typeof PLAYS)[number];
export const isFault = (what: unknown): what is Fault => (FAULTS as readonly unknown[]).includes(what);
export const isPlay = (what: unknown): what is Play => (PLAYS as readonly unknown[]).includes(what);

/** Letters and digits a member cannot misread when typing the password into a game's app: no l, I, 1, 0, O or o. */
export const PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** 10 of them: about 58 bits, more than the 48 of the 8 base64url characters it replaces. */
export const newPassword = () => Array.from({ length: 10 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');

/**
 * A game provider that serves every code of the catalog from books of its own (sandbox-books.ts). Told to `fail` it
 * refuses every call; told to `hang` it never answers (the wallet's timeout must cope); the
 * `-transfers` faults do the same to deposits and withdrawals only. Its launch
 * link opens our demo game page, where bets change its balances as real play would.
 */
export class SandboxProvider implements GameProvider {
  constructor(
    private readonly books: SandboxBooks,
    private readonly faultFor: (provider: string) => Fault | undefined,
    private readonly now: () => number = Date.now,
    /** Each call waits this long before it is served: another system's latency (SANDBOX_LATENCY_MS). */
    private readonly latencyMs = 0,
  ) {}

  private async gate(provider: string, transfer = false): Promise<void> {
    if (!findGame(provider)) throw new ProviderError(`unknown provider ${provider}`, 'unknown_game');
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    const fault = this.faultFor(provider);
    const applies = fault === 'fail' || fault === 'hang' || (transfer && fault !== undefined);
    if (!applies) return;
    if (fault?.startsWith('fail')) throw new ProviderError(`${provider} sandbox told to fail`, 'unavailable');
    await new Promise<never>(() => undefined);
  }

  async createAccount(provider: string, memberId: number, currency: Currency): Promise<GameCredentials> {
    // one account per member and game, in the member's currency (its game page shows it so)
    await this.gate(provider);
    const username = `${provider.toLowerCase().slice(0, 4)}${String(memberId).padStart(6, '0')}`;
    const password = newPassword();
    await this.books.openAccount(provider, username, password, this.now(), currency);
    return { username, password };
  }

  private async account(provider: string, username: string) {
    const found = await this.books.account(provider, username);
    if (!found) throw new ProviderError(`no ${provider} account ${username}`, 'no_account');
    return found;
  }

  async balance(provider: string, username: string): Promise<number> {
    await this.gate(provider);
    return (await this.account(provider, username)).balance;
  }

  /** The game page's sign-in: the balance and currency of the account whose launch secret (its password) is shown. */
  async login(provider: string, username: string, password: string): Promise<{ balance: number; currency: Currency }> {
    await this.gate(provider);
    const acc = await this.account(provider, username);
    if (!samePassword(acc.password, password)) throw new ProviderError('wrong game login', 'no_account');
    return { balance: acc.balance, currency: acc.currency };
  }

  private async move(provider: string, username: string, amount: number, ref: string, kind: 'deposit' | 'withdraw'): Promise<void> {
    await this.gate(provider, true);
    await this.books.move(provider, username, amount, ref, kind, this.now());
  }

  deposit(provider: string, username: string, amount: number, ref: string): Promise<void> {
    return this.move(provider, username, amount, ref, 'deposit');
  }

  withdraw(provider: string, username: string, amount: number, ref: string): Promise<void> {
    return this.move(provider, username, amount, ref, 'withdraw');
  }

  async refState(provider: string, ref: string): Promise<RefState> {
    await this.gate(provider);
    return (await this.books.refApplied(provider, ref)) ? 'applied' : 'unknown';
  }

  async cancel(provider: string, ref: string): Promise<'applied' | 'cancelled'> {
    await this.gate(provider);
    await this.books.cancel(provider, ref, this.now());
    return (await this.books.refApplied(provider, ref)) ? 'applied' : 'cancelled';
  }

  async resetPassword(provider: string, username: string): Promise<string> {
    await this.gate(provider);
    await this.account(provider, username);
    const password = newPassword();
    await this.books.setPassword(provider, username, password);
    return password;
  }

  async betsSince(provider: string, username: string, since: number): Promise<number> {
    await this.gate(provider);
    return this.books.betsSince(provider, username, since);
  }

  async launchUrl(provider: string, username: string, origin: string): Promise<string> {
    await this.gate(provider);
    const { password } = await this.account(provider, username);
    return `${origin}/play/${provider}?u=${encodeURIComponent(username)}&k=${encodeURIComponent(password)}`;
  }

  /** One round of the demo game: the stake leaves the balance, a win (about 45% of rounds) pays it back doubled. */
  playRound(provider: string, username: string, password: string, stake: number, win: boolean): Promise<{ balance: number; won: number }> {
    return this.books.playRound(provider, username, password, stake, win, this.now());
  }
}
