import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { openDatabase, type Database } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { findGame } from './catalog.js';
import { ProviderError, type GameCredentials, type GameProvider, type RefState } from './provider.js';

/**
 * `fail` and `hang` take the whole provider down: every call, cancel and refState included, so a
 * transfer can be neither finished nor asked about. `fail-transfers` and `hang-transfers` only touch
 * deposits and withdrawals: the provider still answers whether a ref applied.
 */
export type Fault = 'fail' | 'hang' | 'fail-transfers' | 'hang-transfers';

/** Letters and digits a member cannot misread when typing the password into a game's app: no l, I, 1, 0, O or o. */
export const PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** 10 of them: about 58 bits, more than the 48 of the 8 base64url characters it replaces. */
export const newPassword = () => Array.from({ length: 10 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
const samePassword = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * A game provider that serves every code of the catalog from its own tables. Told to `fail` it
 * refuses every call; told to `hang` it never answers (the wallet's timeout must cope); the
 * `-transfers` faults do the same to deposits and withdrawals only. Its launch
 * link opens our demo game page, where bets change its balances as real play would.
 */
export class SandboxProvider implements GameProvider {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly faultFor: (provider: string) => Fault | undefined,
    private readonly now: () => number = Date.now,
    /** Each call waits this long before it is served: another system's latency (SANDBOX_LATENCY_MS). */
    private readonly latencyMs = 0,
  ) {}

  private async gate(provider: string, transfer = false): Promise<void> {
    if (!findGame(provider)) throw new ProviderError(`unknown provider ${provider}`);
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    const fault = this.faultFor(provider);
    const applies = fault === 'fail' || fault === 'hang' || (transfer && fault !== undefined);
    if (!applies) return;
    if (fault?.startsWith('fail')) throw new ProviderError(`${provider} sandbox told to fail`);
    await new Promise<never>(() => undefined);
  }

  async createAccount(provider: string, memberId: number): Promise<GameCredentials> {
    await this.gate(provider);
    const username = `${provider.toLowerCase().slice(0, 4)}${String(memberId).padStart(6, '0')}`;
    const password = newPassword();
    await this.db
      .insertInto('sandbox_game_accounts')
      .values({ provider, username, password, balance: 0, turnover: 0, created_at: this.now() })
      .onConflict((oc) => oc.columns(['provider', 'username']).doUpdateSet({ password }))
      .execute();
    return { username, password };
  }

  private async account(provider: string, username: string) {
    const row = await this.db
      .selectFrom('sandbox_game_accounts')
      .selectAll()
      .where('provider', '=', provider)
      .where('username', '=', username)
      .executeTakeFirst();
    if (!row) throw new ProviderError(`no ${provider} account ${username}`);
    return row;
  }

  async balance(provider: string, username: string): Promise<number> {
    await this.gate(provider);
    return Number((await this.account(provider, username)).balance);
  }

  /** The game page's sign-in: the balance of the account whose launch secret (its password) is shown. */
  async login(provider: string, username: string, password: string): Promise<number> {
    await this.gate(provider);
    const acc = await this.account(provider, username);
    if (!samePassword(acc.password, password)) throw new ProviderError('wrong game login');
    return Number(acc.balance);
  }

  private async move(provider: string, username: string, amount: number, ref: string, kind: 'deposit' | 'withdraw'): Promise<void> {
    await this.gate(provider, true);
    await this.db.transaction().execute(async (tx) => {
      const seen = await tx
        .selectFrom('sandbox_game_refs')
        .select('state')
        .where('provider', '=', provider)
        .where('ref', '=', ref)
        .executeTakeFirst();
      if (seen?.state === 'applied') return; // the same ref applies once
      if (seen?.state === 'void') throw new ProviderError(`ref ${ref} was cancelled`);
      const delta = kind === 'deposit' ? amount : -amount;
      const updated = await tx
        .updateTable('sandbox_game_accounts')
        .set((eb) => ({ balance: eb('balance', '+', delta) }))
        .where('provider', '=', provider)
        .where('username', '=', username)
        .where((eb) => eb(eb('balance', '+', delta), '>=', 0))
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new ProviderError(`${kind} of ${amount} refused for ${username}`);
      await tx
        .insertInto('sandbox_game_refs')
        .values({ provider, ref, username, kind, amount, state: 'applied', created_at: this.now() })
        .execute();
    });
  }

  deposit(provider: string, username: string, amount: number, ref: string): Promise<void> {
    return this.move(provider, username, amount, ref, 'deposit');
  }

  withdraw(provider: string, username: string, amount: number, ref: string): Promise<void> {
    return this.move(provider, username, amount, ref, 'withdraw');
  }

  async refState(provider: string, ref: string): Promise<RefState> {
    await this.gate(provider);
    const seen = await this.db
      .selectFrom('sandbox_game_refs')
      .select('state')
      .where('provider', '=', provider)
      .where('ref', '=', ref)
      .executeTakeFirst();
    return seen?.state === 'applied' ? 'applied' : 'unknown';
  }

  async cancel(provider: string, ref: string): Promise<void> {
    await this.gate(provider);
    await this.db
      .insertInto('sandbox_game_refs')
      .values({ provider, ref, username: '', kind: 'deposit', amount: 0, state: 'void', created_at: this.now() })
      .onConflict((oc) => oc.columns(['provider', 'ref']).doNothing())
      .execute();
  }

  async resetPassword(provider: string, username: string): Promise<string> {
    await this.gate(provider);
    await this.account(provider, username);
    const password = newPassword();
    await this.db
      .updateTable('sandbox_game_accounts')
      .set({ password })
      .where('provider', '=', provider)
      .where('username', '=', username)
      .execute();
    return password;
  }

  async betsSince(provider: string, username: string, since: number): Promise<number> {
    await this.gate(provider);
    const row = await this.db
      .selectFrom('sandbox_game_bets')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('stake'), eb.lit(0)).as('total'))
      .where('provider', '=', provider)
      .where('username', '=', username)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  async launchUrl(provider: string, username: string, origin: string): Promise<string> {
    await this.gate(provider);
    const { password } = await this.account(provider, username);
    return `${origin}/play/${provider}?u=${encodeURIComponent(username)}&k=${encodeURIComponent(password)}`;
  }

  /** One round of the demo game: the stake leaves the balance, a win (about 45% of rounds) pays it back doubled. */
  async playRound(
    provider: string,
    username: string,
    password: string,
    stake: number,
    win: boolean,
  ): Promise<{ balance: number; won: number }> {
    return this.db.transaction().execute(async (tx) => {
      const acc = await tx
        .selectFrom('sandbox_game_accounts')
        .selectAll()
        .where('provider', '=', provider)
        .where('username', '=', username)
        .executeTakeFirst();
      if (!acc || !samePassword(acc.password, password)) throw new ProviderError('wrong game login');
      if (stake <= 0 || Number(acc.balance) < stake) throw new ProviderError('stake above balance');
      const won = win ? stake * 2 : 0;
      await tx
        .updateTable('sandbox_game_accounts')
        .set((eb) => ({ balance: eb('balance', '+', won - stake), turnover: eb('turnover', '+', stake) }))
        .where('provider', '=', provider)
        .where('username', '=', username)
        .execute();
      await tx.insertInto('sandbox_game_bets').values({ provider, username, stake, created_at: this.now() }).execute();
      return { balance: Number(acc.balance) - stake + won, won };
    });
  }
}

/**
 * SANDBOX_STORE=memory (a benchmark's): the sandbox provider's books in a schema of this process's own,
 * its tables UNLOGGED (no WAL, no fsync: the provider's writes cost next to nothing, so the benchmark
 * measures the wallet), shaped as the wallet's own sandbox tables. `close` drops the schema.
 */
export async function sandboxMemoryStore(database: Database): Promise<{ db: Kysely<DB>; close: () => Promise<void> }> {
  const main = (await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db)).rows[0]!.schema;
  const schema = `sandbox_memory_${randomBytes(6).toString('hex')}`;
  const store = await openDatabase({ dataDir: '', databaseUrl: database.postgres.url, databasePoolMax: 10 }, { schema });
  for (const table of ['sandbox_game_accounts', 'sandbox_game_refs', 'sandbox_game_bets'])
    await sql.raw(`create unlogged table "${schema}"."${table}" (like "${main}"."${table}" including all)`).execute(store.db);
  return {
    db: store.db,
    close: async () => {
      await sql.raw(`drop schema if exists "${schema}" cascade`).execute(store.db);
      await store.close();
    },
  };
}
