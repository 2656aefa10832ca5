import { timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Currency } from '../../ledger/money.js';
import { ProviderError } from './provider.js';

/**
 * The sandbox provider's own books (it is "another company"): its game accounts, the refs it applied or
 * cancelled, and its bets. Each call is whole: a ref applies once, and a move that would take a balance
 * below zero is refused. Two stores: the wallet's database (SANDBOX_STORE=database, shared by instances,
 * kept across restarts) or this process's memory (SANDBOX_STORE=memory, a benchmark's: the wallet is
 * measured, not the provider's bookkeeping).
 */
export interface SandboxBooks {
  /** Opens the account in the member's currency, or gives an open one a new password. */
  openAccount(provider: string, username: string, password: string, now: number, currency: Currency): Promise<void>;
  account(provider: string, username: string): Promise<{ password: string; balance: number; currency: Currency } | undefined>;
  setPassword(provider: string, username: string, password: string): Promise<void>;
  /** Applies a deposit or withdrawal under `ref` once; a cancelled ref, or too little money, is refused. */
  move(provider: string, username: string, amount: number, ref: string, kind: 'deposit' | 'withdraw', now: number): Promise<void>;
  refApplied(provider: string, ref: string): Promise<boolean>;
  /** Makes sure `ref` can never apply (a ref applied already stays applied). */
  cancel(provider: string, ref: string, now: number): Promise<void>;
  betsSince(provider: string, username: string, since: number): Promise<number>;
  /** One round of the demo game: the stake leaves the balance, a win pays it back doubled. */
  playRound(
    provider: string,
    username: string,
    password: string,
    stake: number,
    win: boolean,
    now: number,
  ): Promise<{ balance: number; won: number }>;
}

export const samePassword = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The books as tables of the wallet's database (sandbox_game_accounts, sandbox_game_refs, sandbox_game_bets). */
export class DatabaseBooks implements SandboxBooks {
  constructor(private readonly db: Kysely<DB>) {}

  async openAccount(provider: string, username: string, password: string, now: number, currency: Currency): Promise<void> {
    await this.db
      .insertInto('sandbox_game_accounts')
      .values({ provider, username, password, balance: 0, turnover: 0, created_at: now, currency })
      .onConflict((oc) => oc.columns(['provider', 'username']).doUpdateSet({ password }))
      .execute();
  }

  async account(provider: string, username: string) {
    const row = await this.db
      .selectFrom('sandbox_game_accounts')
      .select(['password', 'balance', 'currency'])
      .where('provider', '=', provider)
      .where('username', '=', username)
      .executeTakeFirst();
    return row && { password: row.password, balance: Number(row.balance), currency: row.currency as Currency };
  }

  async setPassword(provider: string, username: string, password: string): Promise<void> {
    await this.db
      .updateTable('sandbox_game_accounts')
      .set({ password })
      .where('provider', '=', provider)
      .where('username', '=', username)
      .execute();
  }

  async move(provider: string, username: string, amount: number, ref: string, kind: 'deposit' | 'withdraw', now: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const seen = await tx
        .selectFrom('sandbox_game_refs')
        .select('state')
        .where('provider', '=', provider)
        .where('ref', '=', ref)
        .executeTakeFirst();
      if (seen?.state === 'applied') return; // the same ref applies once
      if (seen?.state === 'void') throw new ProviderError(`ref ${ref} was cancelled`, 'ref_cancelled');
      const delta = kind === 'deposit' ? amount : -amount;
      const updated = await tx
        .updateTable('sandbox_game_accounts')
        .set((eb) => ({ balance: eb('balance', '+', delta) }))
        .where('provider', '=', provider)
        .where('username', '=', username)
        .where((eb) => eb(eb('balance', '+', delta), '>=', 0))
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1)
        throw new ProviderError(`${kind} of ${amount} refused for ${username}`, 'insufficient_funds');
      await tx
        .insertInto('sandbox_game_refs')
        .values({ provider, ref, username, kind, amount, state: 'applied', created_at: now })
        .execute();
    });
  }

  async refApplied(provider: string, ref: string): Promise<boolean> {
    const seen = await this.db
      .selectFrom('sandbox_game_refs')
      .select('state')
      .where('provider', '=', provider)
      .where('ref', '=', ref)
      .executeTakeFirst();
    return seen?.state === 'applied';
  }

  async cancel(provider: string, ref: string, now: number): Promise<void> {
    await this.db
      .insertInto('sandbox_game_refs')
      .values({ provider, ref, username: '', kind: 'deposit', amount: 0, state: 'void', created_at: now })
      .onConflict((oc) => oc.columns(['provider', 'ref']).doNothing())
      .execute();
  }

  async betsSince(provider: string, username: string, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('sandbox_game_bets')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('stake'), eb.lit(0)).as('total'))
      .where('provider', '=', provider)
      .where('username', '=', username)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  playRound(provider: string, username: string, password: string, stake: number, win: boolean, now: number) {
    return this.db.transaction().execute(async (tx) => {
      const acc = await tx
        .selectFrom('sandbox_game_accounts')
        .selectAll()
        .where('provider', '=', provider)
        .where('username', '=', username)
        .executeTakeFirst();
      if (!acc || !samePassword(acc.password, password)) throw new ProviderError('wrong game login', 'no_account');
      if (stake <= 0 || Number(acc.balance) < stake) throw new ProviderError('stake above balance', 'insufficient_funds');
      const won = win ? stake * 2 : 0;
      await tx
        .updateTable('sandbox_game_accounts')
        .set((eb) => ({ balance: eb('balance', '+', won - stake), turnover: eb('turnover', '+', stake) }))
        .where('provider', '=', provider)
        .where('username', '=', username)
        .execute();
      await tx.insertInto('sandbox_game_bets').values({ provider, username, stake, created_at: now }).execute();
      return { balance: Number(acc.balance) - stake + won, won };
    });
  }
}

/** The books in this process's memory: emptied by a restart, never shared (SANDBOX_STORE=memory; production refuses it). */
export class MemoryBooks implements SandboxBooks {
  private readonly accounts = new Map<string, { password: string; balance: number; turnover: number; currency: Currency }>();
  private readonly refs = new Map<string, { state: 'applied' | 'void'; username?: string; kind?: string; amount?: number }>();
  private readonly bets = new Map<string, { stake: number; at: number }[]>();

  async openAccount(provider: string, username: string, password: string, _now: number, currency: Currency): Promise<void> {
    const key = `${provider}/${username}`;
    const found = this.accounts.get(key);
    if (found) found.password = password;
    else this.accounts.set(key, { password, balance: 0, turnover: 0, currency });
  }

  async account(provider: string, username: string) {
    const found = this.accounts.get(`${provider}/${username}`);
    return found && { password: found.password, balance: found.balance, currency: found.currency };
  }

  async setPassword(provider: string, username: string, password: string): Promise<void> {
    const found = this.accounts.get(`${provider}/${username}`);
    if (found) found.password = password;
  }

  async move(provider: string, username: string, amount: number, ref: string, kind: 'deposit' | 'withdraw'): Promise<void> {
    const seen = this.refs.get(`${provider}/${ref}`);
    if (seen?.state === 'void') throw new ProviderError(`ref ${ref} was cancelled`, 'ref_cancelled');
    if (seen) {
      // the same ref applies once: asked again for another move, it says so rather than answer applied
      if (seen.username !== username || seen.kind !== kind || seen.amount !== amount)
        throw new ProviderError(`ref ${ref} was applied to another move`, 'ref_conflict');
      return;
    }
    const found = this.accounts.get(`${provider}/${username}`);
    const delta = kind === 'deposit' ? amount : -amount;
    if (!found) throw new ProviderError(`no ${provider} account ${username}`, 'no_account');
    if (found.balance + delta < 0) throw new ProviderError(`${kind} of ${amount} refused for ${username}`, 'insufficient_funds');
    found.balance += delta;
    this.refs.set(`${provider}/${ref}`, { state: 'applied', username, kind, amount });
  }

  async refApplied(provider: string, ref: string): Promise<boolean> {
    return this.refs.get(`${provider}/${ref}`)?.state === 'applied';
  }

  async refCancelled(provider: string, ref: string): Promise<boolean> {
    return this.refs.get(`${provider}/${ref}`)?.state === 'void';
  }

  async cancel(provider: string, ref: string): Promise<void> {
    if (!this.refs.has(`${provider}/${ref}`)) this.refs.set(`${provider}/${ref}`, { state: 'void' });
  }

  /** Books carried over from another store (the wallet's tables of a release before the bridge): taken as they were. */
  async importAccount(provider: string, username: string, password: string, balance: number, currency: Currency): Promise<void> {
    this.accounts.set(`${provider}/${username}`, { password, balance, turnover: 0, currency });
  }

  async importRef(r: {
    provider: string;
    ref: string;
    state: 'applied' | 'void';
    username: string;
    kind: string;
    amount: number;
  }): Promise<void> {
    this.refs.set(
      `${r.provider}/${r.ref}`,
      r.state === 'void' ? { state: 'void' } : { state: 'applied', username: r.username, kind: r.kind, amount: r.amount },
    );
  }

  async importBet(provider: string, username: string, stake: number, at: number): Promise<void> {
    const key = `${provider}/${username}`;
    this.bets.set(key, [...(this.bets.get(key) ?? []), { stake, at }]);
  }

  async betsSince(provider: string, username: string, since: number): Promise<number> {
    return (this.bets.get(`${provider}/${username}`) ?? []).filter((b) => b.at >= since).reduce((sum, b) => sum + b.stake, 0);
  }

  async playRound(provider: string, username: string, password: string, stake: number, win: boolean, now: number) {
    const key = `${provider}/${username}`;
    const acc = this.accounts.get(key);
    if (!acc || !samePassword(acc.password, password)) throw new ProviderError('wrong game login', 'no_account');
    if (stake <= 0 || acc.balance < stake) throw new ProviderError('stake above balance', 'insufficient_funds');
    const won = win ? stake * 2 : 0;
    acc.balance += won - stake;
    acc.turnover += stake;
    const list = this.bets.get(key) ?? [];
    list.push({ stake, at: now });
    this.bets.set(key, list);
    return { balance: acc.balance, won };
  }
}
