import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gamePasswordContext, sealPlainGamePasswords } from '../src/lib/game-secrets.js';
import { fingerprintsOf } from '../src/lib/idempotency.js';
import type { SandboxProvider } from '../src/adapters/games/sandbox.js';
import { checkLedger } from '../src/ledger/invariants.js';
import { HOUSE_STRIPES, stripeCode } from '../src/ledger/ledger.js';
import { recoverOpenIntents } from '../src/modules/wallet/transfers.js';
import { runCommand } from '../src/operator/commands.js';
import type { Settings } from '../src/settings/registry.js';
import { build, call, DEMO_MEMBER, login, message, registration, verifyPhone, type TestServer } from './helper.js';
import { answerLost, pastInFlight, setFaults } from './game-faults.js';

describe('game accounts and transfers', () => {
  let server: TestServer;
  let token: string;
  const get = (url: string, as = token) => call(server.app, 'GET', url, undefined, { token: as });
  const move = (body: unknown, key?: string) =>
    call(server.app, 'POST', '/api/wallet/transfer', body, { token, headers: key ? { 'idempotency-key': key } : {} });
  const wallet = async () => (await get('/api/wallet')).json();
  const slot = async (code: string) => (await wallet()).slots.find((s: { code: string }) => s.code === code);
  const faults = (value: Settings['providerFaults']) => setFaults(server, value);
  /** The wallet keeps these credentials for the member's account at `game`, and the game signs them in. */
  const expectKept = async (game: string, username: string, password: string) => {
    expect((await get(`/api/wallet/account/${game}`)).json()).toEqual({ username, password, event: null });
    await expect((server.ctx.games as SandboxProvider).login(game, username, password)).resolves.toMatchObject({ currency: 'BAHT' });
  };
  /**
   * Taps at once on 'open' at `game` made one account: a tap while the opening was out shared its answer, one after
   * it was told the account is open, and the password they answered is the one kept. Its username.
   */
  const expectOneOpening = async (game: string, taps: Awaited<ReturnType<typeof get>>[]) => {
    const opened = taps.filter((t) => t.statusCode === 200);
    expect(opened.length + taps.filter((t) => message(t) === 'SLOT_ALREADY_ACTIVE').length).toBe(taps.length);
    const { username, password } = opened[0]!.json();
    for (const tap of opened) expect(tap.json()).toEqual({ username, password, event: null });
    await expectKept(game, username as string, password as string);
    return username as string;
  };

  beforeAll(async () => {
    server = await build({ publicUrl: 'https://wallet.example' });
    token = await login(server.app);
    await runCommand(server.ctx, ['deposit', DEMO_MEMBER.phone, '1000'], () => undefined);
  });
  afterAll(() => server.close());
  beforeEach(() => faults({}));

  it('shows the wallet with every provider of §2 in its category, none open yet', async () => {
    const w = await wallet();
    expect(w.wallet).toEqual({ amount: 1000 });
    expect(w.invite).toEqual({ amount: 0, success: 0, fail: 0 });
    expect(w.profile.username).toBe(DEMO_MEMBER.phone);
    expect(w.slots.map((s: { code: string }) => s.code).sort()).toEqual(
      [
        'AREASLOT',
        'ASKMEBET',
        'BETFLIX',
        'CIRCUS',
        'HUAYHD',
        'IMI',
        'JOKER',
        'JOKER2',
        'PG',
        'PGSLOT',
        'SEXYGAME',
        'SLOTRACHA',
        'SLOTXO',
        'SUPERSLOT',
        'UFABET',
        'USUN',
      ].sort(),
    );
    expect(new Set(w.slots.map((s: { category: string }) => s.category))).toEqual(new Set(['slot', 'sport', 'lotto']));
    expect(w.slots.every((s: { isActive: boolean; amount: number; web: null }) => !s.isActive && s.amount === 0 && s.web === null)).toBe(
      true,
    );
  });

  it('opens a game account once, shows its credentials and resets its password', async () => {
    expect(message(await get('/api/wallet/account/JOKER'))).toBe('SLOT_NO_ACCOUNT');
    await faults({ JOKER: 'fail' });
    expect(message(await get('/api/wallet/activate/JOKER'))).toBe('SLOT_ACTIVATE_FAIL');
    await faults({});
    const opened = await get('/api/wallet/activate/JOKER');
    expect(opened.statusCode).toBe(200);
    const { username, password } = opened.json();
    expect(username).toMatch(/^joke\d{6}$/);
    expect((await get('/api/wallet/activate/JOKER')).statusCode).toBe(409);
    expect(message(await get('/api/wallet/activate/JOKER'))).toBe('SLOT_ALREADY_ACTIVE');
    expect(message(await get('/api/wallet/activate/NOPE'))).toBe('NO_GAME');
    expect((await get('/api/wallet/account/JOKER')).json()).toEqual({ username, password, event: null });
    const reset = (await get('/api/wallet/resetpassword/JOKER')).json();
    expect(reset.username).toBe(username);
    expect(reset.password).not.toBe(password);
    const joker = await slot('JOKER');
    expect(joker).toMatchObject({ isActive: true, amount: 0 });
    expect(joker.web).toMatch(/\/play\/JOKER\?u=/);
    expect(joker.android).toMatch(/platform=android$/);
  });

  it('opens an account once for taps at once, and the password every tap answers signs in at the game', async () => {
    const taps = await Promise.all(Array.from({ length: 8 }, () => get('/api/wallet/activate/BETFLIX')));
    const username = await expectOneOpening('BETFLIX', taps);

    const resets = await Promise.all(Array.from({ length: 8 }, () => get('/api/wallet/resetpassword/BETFLIX')));
    const { password: last } = resets[0]!.json();
    for (const reset of resets) expect(reset.json()).toEqual({ username, password: last, event: null });
    await expectKept('BETFLIX', username, last);
  });

  it('opens an account once for taps at once on two instances, and the password every tap answers signs in at the game', async () => {
    // two servers on one database (taps through a proxy to both): the provider is asked once at a time
    const there = await build({}, { shareWith: server });
    there.ctx.gameSecrets = server.ctx.gameSecrets; // every instance has the same GAME_SECRET_KEY
    try {
      const theirs = await login(there.app);
      const on = (app: TestServer['app'], as: string, url: string) => call(app, 'GET', url, undefined, { token: as });
      const both = (url: string) =>
        Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? on(there.app, theirs, url) : on(server.app, token, url))));
      const username = await expectOneOpening('IMI', await both('/api/wallet/activate/IMI'));

      // new passwords asked on both at once: the one kept is the one the provider has
      const resets = await both('/api/wallet/resetpassword/IMI');
      expect(resets.map((r) => r.statusCode)).toEqual(Array<number>(8).fill(200));
      await expectKept('IMI', username, (await get('/api/wallet/account/IMI')).json().password as string);
    } finally {
      await there.close();
    }
  });

  it('holds at most a quarter of the connections with openings waiting on the provider: a balance still answers', async () => {
    // a provider that hangs (it answers when the test says, within a timeout longer than the test)
    const small = await build({ databasePoolMax: 3, providerTimeoutMs: 120_000 });
    try {
      const as = await login(small.app);
      const sandbox = small.ctx.games;
      let answer = () => undefined as void;
      const hanging = new Promise<void>((resolve) => (answer = resolve));
      let asked = 0;
      small.ctx.games = Object.assign(Object.create(sandbox) as typeof sandbox, {
        createAccount: async (...args: Parameters<typeof sandbox.createAccount>) => {
          asked += 1;
          await hanging;
          return sandbox.createAccount(...args);
        },
      });
      const on = (url: string) => call(small.app, 'GET', url, undefined, { token: as });
      let finished = 0;
      const openings = ['AREASLOT', 'SLOTRACHA', 'HUAYHD'].map((code) => on(`/api/wallet/activate/${code}`).finally(() => (finished += 1)));
      await expect.poll(() => asked).toBe(1);
      // one opening holds a connection while the provider hangs; the others wait without one: the balance has one
      expect((await on('/api/wallet')).statusCode).toBe(200);
      expect(finished).toBe(0);
      answer();
      expect((await Promise.all(openings)).map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect(asked).toBe(3);
    } finally {
      await small.close();
    }
  });

  it('stores game passwords encrypted, shows them only to their member, and encrypts old plain rows', async () => {
    const stored = (provider: string) =>
      server.ctx.database.db.selectFrom('game_accounts').selectAll().where('provider', '=', provider).executeTakeFirstOrThrow();
    const { password } = (await get('/api/wallet/activate/CIRCUS')).json();
    const row = await stored('CIRCUS');
    expect(row.password).toMatch(/^v1:/);
    expect(row.password).not.toContain(password);
    const reset = (await get('/api/wallet/resetpassword/CIRCUS')).json().password as string;
    expect((await stored('CIRCUS')).password).not.toContain(reset);
    expect((await get('/api/wallet/account/CIRCUS')).json().password).toBe(reset);
    // a sealed value copied into another member's or game's row does not open there
    expect(() => server.ctx.gameSecrets.open(row.password, gamePasswordContext(row.member_id, 'JOKER'))).toThrow();

    // a row from before encryption (plain text) is encrypted at start-up and still shown to its member
    await server.ctx.database.db.updateTable('game_accounts').set({ password: 'plain-old-1' }).where('id', '=', row.id).execute();
    expect(await sealPlainGamePasswords(server.ctx.database.db, server.ctx.gameSecrets)).toBe(1);
    expect((await stored('CIRCUS')).password).toMatch(/^v1:/);
    expect((await get('/api/wallet/account/CIRCUS')).json().password).toBe('plain-old-1');
    expect(await sealPlainGamePasswords(server.ctx.database.db, server.ctx.gameSecrets)).toBe(0);
  });

  it('transfers into a game and back, with the statement showing both', async () => {
    await get('/api/wallet/activate/PG');
    const into = await move({ from: 'WALLET', to: 'PG', amount: 100 });
    expect([into.statusCode, message(into)]).toEqual([200, 'SUCCESS']);
    expect((await wallet()).wallet.amount).toBe(900);
    expect((await slot('PG')).amount).toBe(100);
    const back = await move({ from: 'PG', to: 'WALLET', amount: 40.5 });
    expect(message(back)).toBe('SUCCESS');
    expect((await wallet()).wallet.amount).toBe(940.5);
    const { statements } = (await call(server.app, 'POST', '/api/statement', { page: 1, limit: 3 }, { token })).json();
    expect(statements.slice(0, 2)).toMatchObject([
      { statementType: 'transfer', status: 'SUCCESS', from: 'PG', to: 'WALLET', amount: 40.5, provider: { code: 'PG', name: 'PG Soft' } },
      { statementType: 'transfer', status: 'SUCCESS', from: 'WALLET', to: 'PG', amount: -100, provider: { code: 'PG', name: 'PG Soft' } },
    ]);
  });

  it('sees wins and losses at the provider, and brings everything back with transferAll', async () => {
    const { username, password } = (await get('/api/wallet/account/PG')).json();
    await server.ctx.sandboxGames!.playRound('PG', username, password, 1000, true); // +10.00
    await server.ctx.sandboxGames!.playRound('PG', username, password, 500, false); // -5.00
    const refreshed = (await get('/api/wallet/refresh/slot?fresh=1')).json();
    expect(refreshed.slots.find((s: { code: string }) => s.code === 'PG').amount).toBe(64.5);
    // the house side of the result is the member's stripe of the provider float
    const { db } = server.ctx.database;
    const { id: memberId } = await db.selectFrom('members').select('id').where('phone', '=', DEMO_MEMBER.phone).executeTakeFirstOrThrow();
    const floats = await db.selectFrom('ledger_accounts').select(['code', 'balance']).where('kind', '=', 'provider_float').execute();
    expect(floats.map((a) => [a.code, Number(a.balance)])).toEqual([[stripeCode('providerFloat', memberId, 'BAHT', HOUSE_STRIPES), -500]]);
    expect(message(await call(server.app, 'POST', '/api/wallet/transferAll', { to: 'WALLET' }, { token }))).toBe('SUCCESS');
    expect((await wallet()).wallet.amount).toBe(1005);
    expect((await slot('PG')).amount).toBe(0);
  });

  it('books a win at the provider with the transfer out that needs it, and nothing when a transfer moved the game while it asked', async () => {
    const { username, password } = (await get('/api/wallet/account/PG')).json();
    const sandbox = server.ctx.games;
    const { db } = server.ctx.database;
    const results = async () =>
      (await db.selectFrom('journal').select('amount').where('type', '=', 'game_result').orderBy('id').execute()).map((r) =>
        Number(r.amount),
      );
    const booked = await results();
    expect(message(await move({ from: 'WALLET', to: 'PG', amount: 100 }))).toBe('SUCCESS');
    await server.ctx.sandboxGames!.playRound('PG', username, password, 2000, true); // +20.00, not seen yet
    // more than the ledger had booked: the win is booked first
    const out = await move({ from: 'PG', to: 'WALLET', amount: 120 });
    expect([out.statusCode, message(out)]).toEqual([200, 'SUCCESS']);
    expect(await results()).toEqual([...booked, 2000]);
    expect((await wallet()).wallet.amount).toBe(1025);
    expect((await slot('PG')).amount).toBe(0);

    expect(message(await move({ from: 'WALLET', to: 'PG', amount: 50 }))).toBe('SUCCESS');
    await server.ctx.sandboxGames!.playRound('PG', username, password, 1000, true); // +10.00
    // each time the provider is asked, another transfer moves 5 into the game: its figure then means nothing
    // (however many times the transfer asks: again after a remembered mark went stale, on Postgres)
    let raced = 0;
    server.ctx.games = Object.assign(Object.create(sandbox) as typeof sandbox, {
      balance: async (p: string, u: string) => {
        const figure = await sandbox.balance(p, u);
        expect(message(await move({ from: 'WALLET', to: 'PG', amount: 5 }))).toBe('SUCCESS');
        raced += 1;
        return figure;
      },
    });
    try {
      // more than the ledger holds after one or two races (55, 60), no more than the provider then holds (65, 70)
      const out = await move({ from: 'PG', to: 'WALLET', amount: 65 });
      expect([out.statusCode, message(out)]).toEqual([400, 'MONEY_NOT_ENOUGH']);
      expect(await results()).toEqual([...booked, 2000]);
    } finally {
      server.ctx.games = sandbox;
    }
    // it asks first with the mark the transfer in left, which the first race moves on: it asks again
    expect(raced).toBe(2);
    // the next look books it
    const refreshed = (await get('/api/wallet/refresh/slot?fresh=1')).json();
    const inGame = 60 + 5 * raced;
    expect(refreshed.slots.find((s: { code: string }) => s.code === 'PG').amount).toBe(inGame);
    expect(await results()).toEqual([...booked, 2000, 1000]);
    // a loss not seen yet is booked before a transfer out too
    await server.ctx.sandboxGames!.playRound('PG', username, password, 3000, false); // -30.00
    expect(message(await move({ from: 'PG', to: 'WALLET', amount: inGame - 30 + 1 }))).toBe('MONEY_NOT_ENOUGH');
    // the loss stays booked though the transfer was refused
    expect(await results()).toEqual([...booked, 2000, 1000, 3000]);
    expect((await slot('PG')).amount).toBe(inGame - 30);
    expect(message(await move({ from: 'PG', to: 'WALLET', amount: inGame - 30 }))).toBe('SUCCESS');
    expect(await results()).toEqual([...booked, 2000, 1000, 3000]);
    expect((await wallet()).wallet.amount).toBe(1005);
    expect((await slot('PG')).amount).toBe(0);
    expect(await checkLedger(db)).toEqual([]);
  });

  it('says which game balances it could not confirm when a provider does not answer the refresh', async () => {
    await move({ from: 'WALLET', to: 'PG', amount: 20 });
    const { username, password } = (await get('/api/wallet/account/PG')).json();
    await server.ctx.sandboxGames!.playRound('PG', username, password, 1000, false); // -10.00 at the provider
    await faults({ PG: 'fail' });
    const stale = (await get('/api/wallet/refresh/slot?fresh=1')).json().slots.find((s: { code: string }) => s.code === 'PG');
    expect(stale).toMatchObject({ amount: 20, unconfirmed: true });
    await faults({});
    const fresh = (await get('/api/wallet/refresh/slot?fresh=1')).json().slots.find((s: { code: string }) => s.code === 'PG');
    expect(fresh.amount).toBe(10);
    expect(fresh).not.toHaveProperty('unconfirmed');
    // win it back, so the tests after this one find the wallet as they expect
    await server.ctx.sandboxGames!.playRound('PG', username, password, 1000, true);
    await get('/api/wallet/refresh/slot?fresh=1');
    expect(message(await move({ from: 'PG', to: 'WALLET', amount: 20 }))).toBe('SUCCESS');
  });

  it('answers a replayed transferAll with its first answer and moves nothing more', async () => {
    await move({ from: 'WALLET', to: 'PG', amount: 30 });
    const all = () =>
      call(server.app, 'POST', '/api/wallet/transferAll', { to: 'WALLET' }, { token, headers: { 'idempotency-key': 'all-back-0001' } });
    const first = await all();
    expect([first.statusCode, message(first)]).toEqual([200, 'SUCCESS']);
    const { username, password } = (await get('/api/wallet/account/PG')).json();
    await move({ from: 'WALLET', to: 'PG', amount: 20 });
    await server.ctx.sandboxGames!.playRound('PG', username, password, 100, false);
    const again = await all();
    expect([again.statusCode, again.json()]).toEqual([200, { message: 'SUCCESS' }]);
    await get('/api/wallet/refresh/slot?fresh=1');
    expect((await slot('PG')).amount).toBe(19); // the replay left the game alone
    expect(message(await call(server.app, 'POST', '/api/wallet/transferAll', { to: 'WALLET' }, { token }))).toBe('SUCCESS');
    expect((await wallet()).wallet.amount).toBe(1004);
  });

  it('refuses bad transfers with their codes and moves nothing', async () => {
    const cases: [unknown, string][] = [
      [{ from: 'WALLET', to: 'PG', amount: 0.5 }, 'TRANSFER_MINIMUM'],
      [{ from: 'WALLET', to: 'PG', amount: 5000 }, 'MONEY_NOT_ENOUGH'],
      [{ from: 'PG', to: 'WALLET', amount: 10 }, 'MONEY_NOT_ENOUGH'],
      [{ from: 'WALLET', to: 'WALLET', amount: 10 }, 'KEY_INVALID'],
      [{ from: 'PG', to: 'JOKER', amount: 10 }, 'KEY_INVALID'],
      [{ from: 'WALLET', to: 'NOPE', amount: 10 }, 'NO_GAME'],
      [{ from: 'WALLET', to: 'SLOTXO', amount: 10 }, 'SLOT_NO_ACCOUNT'],
      [{ from: 'WALLET', to: 'PG', amount: 1.234 }, 'KEY_INVALID'],
      // past the 7th decimal too: never rounded to 10.00 and moved
      [{ from: 'WALLET', to: 'PG', amount: 10.00000001 }, 'KEY_INVALID'],
      [{ from: 'WALLET', to: 'PG', amount: 10.000000001 }, 'KEY_INVALID'],
      [{ from: 'WALLET', to: 'PG' }, 'KEY_MISSING'],
    ];
    for (const [body, code] of cases) expect(message(await move(body)), JSON.stringify(body)).toBe(code);
    expect((await wallet()).wallet.amount).toBe(1004);
  });

  it('returns the money and answers TRANSFER_FAIL when the provider refuses or hangs a transfer but can be asked', async () => {
    for (const fault of ['fail-transfers', 'hang-transfers'] as const) {
      await faults({ PG: fault });
      const res = await move({ from: 'WALLET', to: 'PG', amount: 50 });
      expect([res.statusCode, message(res)], fault).toEqual([400, 'TRANSFER_FAIL']);
      expect((await wallet()).wallet.amount).toBe(1004);
      const { statements } = (await call(server.app, 'POST', '/api/statement', { page: 1, limit: 1 }, { token })).json();
      expect(statements[0]).toMatchObject({ statementType: 'transfer', status: 'FAILED', amount: -50 });
    }
    const open = await server.ctx.database.db.selectFrom('transfer_intents').select('id').where('status', '=', 'open').execute();
    expect(open).toEqual([]);
  });

  it('replays a transfer with the same Idempotency-Key without moving twice', async () => {
    const first = await move({ from: 'WALLET', to: 'PG', amount: 5 }, 'transfer-key-01');
    const again = await move({ from: 'WALLET', to: 'PG', amount: 5 }, 'transfer-key-01');
    expect([again.statusCode, again.json()]).toEqual([first.statusCode, first.json()]);
    expect((await wallet()).wallet.amount).toBe(999);
    expect(message(await move({ from: 'WALLET', to: 'PG', amount: 6 }, 'transfer-key-01'))).toBe('KEY_INVALID');
  });

  it('answers a transfer retried with its fields in another order, and a key stored as sent by the release before', async () => {
    const before = (await wallet()).wallet.amount;
    const body = { from: 'WALLET', to: 'PG', amount: 3 };
    const first = await move(body, 'order-key-01');
    expect(first.statusCode).toBe(200);
    const forms = fingerprintsOf({ method: 'POST', route: '/api/wallet/transfer', body });
    expect(forms.asSent).toBeDefined(); // its fields are not in the order of their names
    const stored = () =>
      server.ctx.database.db
        .selectFrom('idempotency_keys')
        .select('fingerprint')
        .where('key', '=', 'order-key-01')
        .executeTakeFirstOrThrow();
    // the same call, its JSON fields in another order (another client, a rebuilt request): its first answer
    const reordered = await move({ amount: 3, to: 'PG', from: 'WALLET' }, 'order-key-01');
    expect([reordered.statusCode, reordered.json()]).toEqual([first.statusCode, first.json()]);
    expect((await stored()).fingerprint).toBe(forms.fingerprint); // in the form every server of this release compares
    expect(message(await move({ to: 'PG', from: 'WALLET', amount: 4 }, 'order-key-01'))).toBe('KEY_INVALID');

    // a key a server of the release before stored as its body was sent (during a rolling upgrade): its retry as sent
    const second = await move(body, 'order-key-02');
    await server.ctx.database.db
      .updateTable('idempotency_keys')
      .set({ fingerprint: String(forms.asSent) })
      .where('key', '=', 'order-key-02')
      .execute();
    const again = await move(body, 'order-key-02');
    expect([again.statusCode, again.json()]).toEqual([second.statusCode, second.json()]);
    expect((await wallet()).wallet.amount).toBe(before - 6);
    expect((await move({ from: 'PG', to: 'WALLET', amount: 6 })).statusCode).toBe(200);
  });

  it('answers a replay after the sweep returned a pending transfer with the final outcome, moving money once', async () => {
    const body = { from: 'WALLET', to: 'PG', amount: 7 };
    const before = (await wallet()).wallet.amount;
    await faults({ PG: 'hang' });
    const first = await move(body, 'pending-key-01');
    expect([first.statusCode, message(first)]).toEqual([409, 'TRANSFER_PENDING']);
    expect((await wallet()).wallet.amount).toBe(before - 7); // in transit until the provider can be asked
    pastInFlight(server);
    expect(await recoverOpenIntents(server.ctx)).toEqual({ settled: 0, compensated: 0, left: 1 });
    expect(message(await move(body, 'pending-key-01'))).toBe('TRANSFER_PENDING');

    await faults({});
    expect(await recoverOpenIntents(server.ctx)).toEqual({ settled: 0, compensated: 1, left: 0 });
    const replay = await move(body, 'pending-key-01');
    expect([replay.statusCode, replay.json()]).toEqual([400, { message: 'TRANSFER_FAIL' }]);
    expect(message(await move(body, 'pending-key-01'))).toBe('TRANSFER_FAIL');
    expect((await wallet()).wallet.amount).toBe(before);
    expect((await slot('PG')).amount).toBe(5);
    expect(message(await move({ ...body, amount: 8 }, 'pending-key-01'))).toBe('KEY_INVALID');
    const { statements } = (await call(server.app, 'POST', '/api/statement', { page: 1, limit: 1 }, { token })).json();
    expect(statements[0]).toMatchObject({ statementType: 'transfer', status: 'FAILED', amount: -7 });
    expect(await recoverOpenIntents(server.ctx)).toEqual({ settled: 0, compensated: 0, left: 0 });
  });

  it("keeps money in transit in the member's stripe, and returns a transfer recorded in the one account of before from there", async () => {
    const { db } = server.ctx.database;
    const transit = async () =>
      Object.fromEntries(
        (await db.selectFrom('ledger_accounts').select(['code', 'balance']).where('kind', '=', 'transfers_in_transit').execute()).map(
          (a) => [a.code, Number(a.balance)],
        ),
      );
    const stripes = async (count: number) => {
      await runCommand(server.ctx, ['settings', 'set', 'transitStripes', String(count)], () => undefined);
      await server.ctx.settings.refresh();
    };
    const { id: memberId } = await db.selectFrom('members').select('id').where('phone', '=', DEMO_MEMBER.phone).executeTakeFirstOrThrow();
    const before = (await wallet()).wallet.amount;
    await faults({ PG: 'hang' });
    expect(message(await move({ from: 'WALLET', to: 'PG', amount: 4 }, 'stripe-key-01'))).toBe('TRANSFER_PENDING');
    expect(await transit()).toMatchObject({ [stripeCode('inTransit', memberId, 'BAHT', HOUSE_STRIPES)]: 400 });
    expect(Object.values(await transit()).reduce((sum, b) => sum + b, 0)).toBe(400);

    // an installation still running an older release somewhere keeps one account (migration 0033)
    await stripes(1);
    expect(message(await move({ from: 'WALLET', to: 'PG', amount: 3 }, 'stripe-key-02'))).toBe('TRANSFER_PENDING');
    expect(await transit()).toMatchObject({ 'house:transfers_in_transit:BAHT': 300 });
    // raised once every instance knows the stripes: each transfer still ends from the account it used
    await stripes(HOUSE_STRIPES);
    await faults({});
    pastInFlight(server);
    expect(await recoverOpenIntents(server.ctx)).toEqual({ settled: 0, compensated: 2, left: 0 });
    expect((await wallet()).wallet.amount).toBe(before);
    expect(Object.values(await transit()).every((b) => b === 0)).toBe(true);
    expect(await checkLedger(db)).toEqual([]);
  });

  it('books a win with a transfer out whichever of its house accounts is older (they change in id order)', async () => {
    const { db } = server.ctx.database;
    const { username, password } = (await get('/api/wallet/account/PG')).json();
    const stripes = async (count: number) => {
      await runCommand(server.ctx, ['settings', 'set', 'transitStripes', String(count)], () => undefined);
      await server.ctx.settings.refresh();
    };
    const { id: memberId } = await db.selectFrom('members').select('id').where('phone', '=', DEMO_MEMBER.phone).executeTakeFirstOrThrow();
    const idOf = async (code: string) =>
      (await db.selectFrom('ledger_accounts').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
    // the one transit account of before was made after the member's float stripe (the earlier win): the
    // other order than the striped transit account's, made by the member's first transfer
    await stripes(1);
    try {
      expect(await idOf(stripeCode('providerFloat', memberId, 'BAHT', HOUSE_STRIPES))).toBeLessThan(
        await idOf('house:transfers_in_transit:BAHT'),
      );
      const before = (await wallet()).wallet.amount;
      const inGame = (await slot('PG')).amount;
      expect(message(await move({ from: 'WALLET', to: 'PG', amount: 10 }))).toBe('SUCCESS');
      await server.ctx.sandboxGames!.playRound('PG', username, password, 500, true); // +5.00
      expect(message(await move({ from: 'PG', to: 'WALLET', amount: 15 }))).toBe('SUCCESS');
      expect((await wallet()).wallet.amount).toBe(before + 5);
      expect((await slot('PG')).amount).toBe(inGame);
      expect(await checkLedger(db)).toEqual([]);
    } finally {
      await stripes(HOUSE_STRIPES);
    }
  });

  it('goes on past an open transfer it cannot finish, and finishes that one at a later pass', async () => {
    const { db } = server.ctx.database;
    const { id: memberId } = await db.selectFrom('members').select('id').where('phone', '=', DEMO_MEMBER.phone).executeTakeFirstOrThrow();
    const stripe = stripeCode('inTransit', memberId, 'BAHT', HOUSE_STRIPES);
    const transit = () => db.updateTable('ledger_accounts').where('code', '=', stripe);
    const before = (await wallet()).wallet.amount;
    await faults({ PG: 'hang' });
    expect(message(await move({ from: 'WALLET', to: 'PG', amount: 5 }))).toBe('TRANSFER_PENDING');
    expect(message(await move({ from: 'WALLET', to: 'PG', amount: 2 }))).toBe('TRANSFER_PENDING');
    await faults({});
    pastInFlight(server);
    // the older transfer's 5 baht cannot leave transit (the account short of it, as damage would leave it)
    await transit().set({ balance: 200 }).execute();
    await expect(recoverOpenIntents(server.ctx)).rejects.toMatchObject({ refusal: 'NOT_ENOUGH' });
    expect((await wallet()).wallet.amount).toBe(before - 5);
    await transit().set({ balance: 500 }).execute();
    expect(await recoverOpenIntents(server.ctx)).toEqual({ settled: 0, compensated: 1, left: 0 });
    expect((await wallet()).wallet.amount).toBe(before);
    expect(await checkLedger(db)).toEqual([]);
  });

  it('answers from its kept plans after a migration adds a column under the running server, and after it is dropped', async () => {
    const { db } = server.ctx.database;
    const change = async (up: boolean) => {
      for (const table of ['sessions', 'members', 'transfer_intents', 'game_accounts', 'ledger_accounts', 'idempotency_keys', 'journal'])
        await (
          up ? db.schema.alterTable(table).addColumn('upgrade_note', 'text') : db.schema.alterTable(table).dropColumn('upgrade_note')
        ).execute();
    };
    // every read the transfer path keeps planned, with a key and without, before (so connections hold their
    // plans and the functions their compiled form) and after each change; a replay reads the key's answer
    const both = async (tag: string) => {
      for (const key of [`plans-${tag}-1`, `plans-${tag}-2`, undefined]) {
        expect(message(await move({ from: 'WALLET', to: 'PG', amount: 1 }, key && `${key}-in`))).toBe('SUCCESS');
        expect(message(await move({ from: 'PG', to: 'WALLET', amount: 1 }, key && `${key}-out`))).toBe('SUCCESS');
        if (key) expect(message(await move({ from: 'PG', to: 'WALLET', amount: 1 }, `${key}-out`))).toBe('SUCCESS');
      }
    };
    await both('before');
    for (const up of [true, false]) {
      await change(up);
      await both(up ? 'added' : 'dropped');
    }
    expect(await checkLedger(db)).toEqual([]);
  });

  it('brings everything back only as far as it can, and says which: still in the game, or in transit', async () => {
    const all = () => call(server.app, 'POST', '/api/wallet/transferAll', { to: 'WALLET' }, { token });
    const before = { wallet: (await wallet()).wallet.amount, pg: (await slot('PG')).amount };
    expect(before.pg).toBeGreaterThan(0);
    // the provider refuses the move but can be asked: the money stayed in the game
    await faults({ PG: 'fail-transfers' });
    const refused = await all();
    expect([refused.statusCode, message(refused)]).toEqual([400, 'TRANSFER_FAIL']);
    expect({ wallet: (await wallet()).wallet.amount, pg: (await slot('PG')).amount }).toEqual(before);
    // the provider cannot be asked at all: the money is in transit until the sweep finds out
    await faults({ PG: 'fail' });
    const unknown = await all();
    expect([unknown.statusCode, message(unknown)]).toEqual([409, 'TRANSFER_PENDING']);
    expect((await slot('PG')).amount).toBe(0);
    await faults({});
    pastInFlight(server);
    expect(await recoverOpenIntents(server.ctx)).toEqual({ settled: 0, compensated: 1, left: 0 });
    expect({ wallet: (await wallet()).wallet.amount, pg: (await slot('PG')).amount }).toEqual(before);
  });

  it('answers a replay after the sweep settled a transfer whose answer was lost with SUCCESS, moving money once', async () => {
    // the provider applies the deposit but its answer never arrives, and it cannot be asked until it is back
    const provider = answerLost(server);
    try {
      const body = { from: 'WALLET', to: 'PG', amount: 3 };
      const before = (await wallet()).wallet.amount;
      const first = await move(body, 'lost-answer-01');
      expect([first.statusCode, message(first)]).toEqual([409, 'TRANSFER_PENDING']);
      provider.back();
      pastInFlight(server);
      expect(await recoverOpenIntents(server.ctx)).toEqual({ settled: 1, compensated: 0, left: 0 });
      const replay = await move(body, 'lost-answer-01');
      expect([replay.statusCode, replay.json()]).toEqual([200, { message: 'SUCCESS' }]);
      expect((await wallet()).wallet.amount).toBe(before - 3);
      expect((await slot('PG')).amount).toBe(8);
    } finally {
      provider.restore();
    }
    expect(message(await move({ from: 'PG', to: 'WALLET', amount: 3 }))).toBe('SUCCESS');
  });

  it('books the win of a transfer out whose remembered mark another instance moved on since, after a look', async () => {
    const there = await build({}, { shareWith: server });
    try {
      const theirs = await login(there.app);
      await get('/api/wallet/activate/PG');
      const { username, password } = (await get('/api/wallet/account/PG')).json();
      const inGame = (await slot('PG')).amount;
      expect(message(await move({ from: 'WALLET', to: 'PG', amount: 10 }))).toBe('SUCCESS'); // remembered here
      const moved = await call(there.app, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 10 }, { token: theirs });
      expect(message(moved)).toBe('SUCCESS');
      await server.ctx.sandboxGames!.playRound('PG', username, password, 2000, true); // +20.00, not booked yet
      const sandbox = server.ctx.games;
      let asked = 0;
      server.ctx.games = Object.assign(Object.create(sandbox) as typeof sandbox, {
        balance: (p: string, u: string) => ((asked += 1), sandbox.balance(p, u)),
      });
      try {
        // more than the ledger holds: only a booking of the win lets it through
        const out = await move({ from: 'PG', to: 'WALLET', amount: inGame + 40 });
        expect([out.statusCode, message(out)]).toEqual([200, 'SUCCESS']);
      } finally {
        server.ctx.games = sandbox;
      }
      // once with the mark remembered here, which had moved on, and once with the one read instead
      expect(asked).toBe(2);
      expect((await slot('PG')).amount).toBe(0);
      expect(await checkLedger(server.ctx.database.db)).toEqual([]);
      if (inGame > 0) expect(message(await move({ from: 'WALLET', to: 'PG', amount: inGame }))).toBe('SUCCESS'); // as the tests below found it
    } finally {
      await there.close();
    }
  });

  it('answers a remembered mark that has moved on with the mark as it is now, taking no lock and writing nothing', async () => {
    await get('/api/wallet/activate/PG');
    expect(message(await move({ from: 'WALLET', to: 'PG', amount: 1 }))).toBe('SUCCESS'); // the mark is past 0:0 now
    const { username } = (await get('/api/wallet/account/PG')).json();
    const { db } = server.ctx.database;
    const { id } = await db.selectFrom('members').select('id').where('phone', '=', DEMO_MEMBER.phone).executeTakeFirstOrThrow();
    const seen = await db.transaction().execute(async (tx) => {
      const begun = await sql<{ r: unknown }>`select wallet_transfer_record_v4(${id}::integer, 'PG', 'out', 100::bigint,
          '{"THB":100,"LAK":100000}'::jsonb, 'unused', 'unused', '{}'::jsonb, null, null, 0::bigint, '0:0', 0::bigint, '{}'::jsonb, true) as r`.execute(
        tx,
      );
      const xid = await sql<{ x: unknown }>`select txid_current_if_assigned() as x`.execute(tx);
      return { answer: begun.rows[0]!.r, xid: xid.rows[0]!.x };
    });
    expect(seen.answer).toEqual({ stale: { mark: expect.stringMatching(/^[1-9]\d*:0$/), username } });
    expect(seen.xid).toBeNull();
    expect(message(await move({ from: 'PG', to: 'WALLET', amount: 1 }))).toBe('SUCCESS');
  });

  it("commits a transfer's end without waiting for its flush (what the sweep above writes again), in its own transaction only", async () => {
    const { db } = server.ctx.database;
    const setting = (tx: typeof db) => sql<{ s: string }>`select current_setting('synchronous_commit') as s`.execute(tx);
    const usual = (await setting(db)).rows[0]!.s;
    expect(usual).not.toBe('off');
    const inFinish = await db.transaction().execute(async (tx) => {
      // an intent that is not there: the function closes nothing
      const finished = await sql<{ r: unknown }>`select wallet_transfer_finish_v5(0, 0, true, 0, '', '', 200, 'null') as r`.execute(tx);
      expect(finished.rows[0]!.r).toEqual({ closed: false });
      return (await setting(tx)).rows[0]!.s;
    });
    expect(inFinish).toBe('off');
    // the connection's next transaction (a transfer's start among them) waits for its flush again
    expect((await setting(db)).rows[0]!.s).toBe(usual);
  });

  it('builds every link from PUBLIC_URL, never from the Host header the caller sends', async () => {
    const { username } = (await get('/api/wallet/account/PG')).json();
    const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };
    const wallet = await call(server.app, 'GET', '/api/wallet', undefined, { token, headers: forged });
    // JOKER opens its launch page (opened in an earlier case); PG logs in through /api/autoLogin
    const joker = wallet.json().slots.find((s: { code: string }) => s.code === 'JOKER');
    const refreshed = await call(server.app, 'GET', '/api/wallet/refresh/slot', undefined, { token, headers: forged });
    const auto = await call(server.app, 'GET', `/api/autoLogin/pg/${username}`, undefined, { token, headers: forged });
    const links = [joker.web, joker.android, joker.ios, refreshed.json().slots.find((s: { code: string }) => s.code === 'JOKER').web];
    for (const link of links) expect(link).toMatch(/^https:\/\/wallet\.example\/play\/JOKER\?u=/);
    expect(auto.json().link).toMatch(/^https:\/\/wallet\.example\/play\/PG\?u=/);
    expect(JSON.stringify([wallet.json(), refreshed.json(), auto.json()])).not.toContain('evil.example');
  });

  it('gives auto-login links only for the member’s own accounts', async () => {
    const { username } = (await get('/api/wallet/account/PG')).json();
    const res = await get(`/api/autoLogin/pg/${username}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().link).toMatch(new RegExp(`/play/PG\\?u=${username}&k=`));
    expect(message(await get('/api/autoLogin/joker/whoever'))).toBe('NO_GAME');

    const phone = '0644444444';
    const otpToken = await verifyPhone(server, phone);
    await call(server.app, 'POST', '/api/account', registration(phone, { otpToken }));
    const other = await login(server.app, phone, 'secret123');
    expect(message(await get(`/api/autoLogin/pg/${username}`, other))).toBe('SLOT_NO_ACCOUNT');
    expect(message(await get('/api/wallet/account/PG', other))).toBe('SLOT_NO_ACCOUNT');
    const stolen = await call(server.app, 'POST', '/api/wallet/transfer', { from: 'PG', to: 'WALLET', amount: 5 }, { token: other });
    expect(message(stolen)).toBe('SLOT_NO_ACCOUNT');
    expect((await slot('PG')).amount).toBe(5);
  });

  it('serves the demo game page where bets move the provider balance', async () => {
    const { username, password } = (await get('/api/wallet/account/PG')).json();
    const page = await server.app.inject({ method: 'GET', url: `/play/PG?u=${username}&k=${password}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<p class="bal" id="balance">5.00</p>');
    const bet = await server.app.inject({
      method: 'POST',
      url: '/play/PG/bet',
      payload: `u=${username}&k=${password}&stake=10`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(bet.statusCode).toBe(303);
    expect(decodeURIComponent(bet.headers.location as string)).toMatch(/You (won 20\.00|lost 10\.00)|stake above balance/);
    expect((await server.app.inject({ method: 'GET', url: '/play/logo/PG.svg' })).headers['content-type']).toContain('image/svg+xml');
  });

  it('shows a game page only with its launch secret, and none while the site is terminated', async () => {
    const { username, password } = (await get('/api/wallet/account/PG')).json();
    const page = (query: string) => server.app.inject({ method: 'GET', url: `/play/PG?${query}` });
    for (const query of [`u=${username}`, `u=${username}&k=wrong`, `u=${username}&k=${password}x`]) {
      const res = await page(query);
      expect([res.statusCode, res.body.includes('id="balance"')], query).toEqual([403, false]);
    }
    expect((await page(`u=${username}&k=${password}`)).statusCode).toBe(200);

    await runCommand(server.ctx, ['site', 'terminate'], () => undefined);
    await server.ctx.settings.refresh();
    try {
      const closed = await page(`u=${username}&k=${password}`);
      expect([closed.statusCode, closed.body.includes('id="balance"')]).toEqual([410, false]);
      const bet = await server.app.inject({
        method: 'POST',
        url: '/play/PG/bet',
        payload: `u=${username}&k=${password}&stake=10`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(bet.statusCode).toBe(410);
    } finally {
      await runCommand(server.ctx, ['site', 'activate'], () => undefined);
      await server.ctx.settings.refresh();
    }
    expect((await page(`u=${username}&k=${password}`)).statusCode).toBe(200);
  });

  it('leaves the ledger consistent', async () => {
    expect(await checkLedger(server.ctx.database.db)).toEqual([]);
  });
});
