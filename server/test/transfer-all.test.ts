import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimKey } from '../src/lib/idempotency.js';
import { checkLedger } from '../src/ledger/invariants.js';
import { recoverOpenIntents } from '../src/modules/wallet/transfers.js';
import { runCommand } from '../src/operator/commands.js';
import { sha256 } from '../src/lib/tokens.js';
import { build, call, registration, type TestServer } from './helper.js';

/** "Bring all back" (transferAll to the wallet) answers what happened, at once and after the sweep. */
describe('transferAll back to the wallet', () => {
  let server: TestServer;
  const get = (token: string, url: string) => call(server.app, 'GET', url, undefined, { token });
  const all = (token: string, key?: string) =>
    call(server.app, 'POST', '/api/wallet/transferAll', { to: 'WALLET' }, { token, headers: key ? { 'idempotency-key': key } : {} });
  const holdings = async (token: string) => {
    const w = (await get(token, '/api/wallet')).json() as { wallet: { amount: number }; slots: { code: string; amount: number }[] };
    const game = (code: string) => w.slots.find((s) => s.code === code)?.amount;
    return { wallet: w.wallet.amount, PG: game('PG'), JOKER: game('JOKER') };
  };
  const faults = async (value: Record<string, string>) => {
    await runCommand(server.ctx, ['settings', 'set', 'providerFaults', JSON.stringify(value)], () => undefined);
    await server.ctx.settings.refresh();
  };

  let next = 0;
  /** A member (each from its own address: sign-in limits count per address) with 40 baht in PG, 30 in JOKER and 30 in the wallet. */
  async function player(): Promise<{ id: number; token: string }> {
    next += 1;
    const phone = `085${String(next).padStart(7, '0')}`;
    const address = `10.7.${Math.floor(next / 250)}.${next % 250}`;
    const sent = await call(server.app, 'POST', '/api/otp/send', { phoneNumber: phone }, { address });
    const { otpToken } = sent.json() as { otpToken: string };
    await call(server.app, 'POST', '/api/otp/verify', { otpToken, otpCode: server.sms.lastCodeFor(phone) }, { address });
    await call(server.app, 'POST', '/api/account', registration(phone, { otpToken }), { address });
    const login = await call(server.app, 'POST', '/api/login', { username: phone, password: 'secret123' }, { address });
    const token = (login.json() as { token: string }).token;
    await runCommand(server.ctx, ['deposit', phone, '100'], () => undefined);
    for (const [game, amount] of [
      ['PG', 40],
      ['JOKER', 30],
    ] as const) {
      await get(token, `/api/wallet/activate/${game}`);
      const moved = await call(server.app, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: game, amount }, { token });
      if (moved.statusCode !== 200) throw new Error(`transfer failed: ${moved.body}`);
    }
    const member = await server.ctx.database.db.selectFrom('members').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
    return { id: member.id, token };
  }

  beforeAll(async () => {
    server = await build({ providerTimeoutMs: 2_000 });
  });
  afterAll(() => server.close());

  it('tells every member of many, each asking twice at once, what happened: all brought back, none told TRANSFER_FAIL', async () => {
    const members = [];
    for (let i = 0; i < 20; i++) members.push(await player());
    // a double tap without a key, and a double tap with one, for every member at the same time
    const answers = await Promise.all(
      members.map(async (m, i) => {
        const key = i % 2 ? `all-at-once-${i}` : undefined;
        return (await Promise.all([all(m.token, key), all(m.token, key)])).map((r) => [
          r.statusCode,
          (r.json() as { message: string }).message,
        ]);
      }),
    );
    for (const [i, m] of members.entries()) {
      // nothing stayed in a game, so no answer may say that something did
      expect(await holdings(m.token), `member ${i}`).toEqual({ wallet: 100, PG: 0, JOKER: 0 });
      for (const answer of answers[i]!)
        expect(
          [
            [200, 'SUCCESS'],
            [200, 'NO_DATA'],
            [409, 'TRANSFER_PENDING'],
          ],
          `member ${i}`,
        ).toContainEqual(answer);
      expect(answers[i], `member ${i}: one of the two moved the money`).toContainEqual([200, 'SUCCESS']);
    }
    expect(await checkLedger(server.ctx.database.db)).toEqual([]);
  });

  it('finishes a key whose move was left in transit with the answer the sweep found, and then moves nothing more', async () => {
    const m = await player();
    const sandbox = server.ctx.games;
    let down = true;
    const never = new Promise<never>(() => undefined);
    // PG applies the withdrawal but its answer never arrives, and it cannot be asked until it is back; JOKER is healthy
    server.ctx.games = Object.assign(Object.create(sandbox) as typeof sandbox, {
      withdraw: (p: string, u: string, a: number, ref: string) =>
        sandbox.withdraw(p, u, a, ref).then(() => (p === 'PG' ? never : undefined)),
      cancel: (p: string, ref: string) => (down && p === 'PG' ? never : sandbox.cancel(p, ref)),
      refState: (p: string, ref: string) => (down && p === 'PG' ? never : sandbox.refState(p, ref)),
    });
    try {
      const first = await all(m.token, 'all-in-transit-1');
      expect([first.statusCode, first.json()]).toEqual([409, { message: 'TRANSFER_PENDING' }]);
      expect(await holdings(m.token)).toEqual({ wallet: 60, PG: 0, JOKER: 0 }); // PG's 40 in transit
      const meanwhile = await all(m.token, 'all-in-transit-1');
      expect([meanwhile.statusCode, meanwhile.json()]).toEqual([409, { message: 'TRANSFER_PENDING' }]);

      down = false;
      server.clock.now += 2 * server.config.providerTimeoutMs + 1;
      expect(await recoverOpenIntents(server.ctx)).toEqual({ settled: 1, compensated: 0, left: 0 });
      const replay = await all(m.token, 'all-in-transit-1');
      expect([replay.statusCode, replay.json()]).toEqual([200, { message: 'SUCCESS' }]);
      expect(await holdings(m.token)).toEqual({ wallet: 100, PG: 0, JOKER: 0 });
    } finally {
      server.ctx.games = sandbox;
    }
    // money put back in a game afterwards stays there: the finished key replays its answer
    await call(server.app, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'JOKER', amount: 25 }, { token: m.token });
    const again = await all(m.token, 'all-in-transit-1');
    expect([again.statusCode, again.json()]).toEqual([200, { message: 'SUCCESS' }]);
    expect(await holdings(m.token)).toEqual({ wallet: 75, PG: 0, JOKER: 25 });
    expect(await checkLedger(server.ctx.database.db)).toEqual([]);
  });

  it('says TRANSFER_FAIL after the sweep returned the money to the game, and a replay says the same', async () => {
    const m = await player();
    await faults({ PG: 'hang' });
    const first = await all(m.token, 'all-hung-0001');
    expect([first.statusCode, first.json()]).toEqual([409, { message: 'TRANSFER_PENDING' }]);
    await faults({});
    server.clock.now += 2 * server.config.providerTimeoutMs + 1;
    expect(await recoverOpenIntents(server.ctx)).toEqual({ settled: 0, compensated: 1, left: 0 });
    for (let i = 0; i < 2; i++) {
      const replay = await all(m.token, 'all-hung-0001');
      expect([replay.statusCode, replay.json()]).toEqual([400, { message: 'TRANSFER_FAIL' }]);
      expect(await holdings(m.token)).toEqual({ wallet: 60, PG: 40, JOKER: 0 });
    }
  });

  it('finishes a key a crash left in flight when the member sends it again', async () => {
    const m = await player();
    // the process died right after claiming the key, before the first game was asked
    const fingerprint = sha256(`POST /api/wallet/transferAll ${JSON.stringify({ to: 'WALLET' })}`);
    await claimKey(server.ctx.database.db, { memberId: m.id, key: 'all-crashed-01', fingerprint }, server.clock.now);
    const soon = await all(m.token, 'all-crashed-01');
    expect([soon.statusCode, soon.json()]).toEqual([409, { message: 'TRANSFER_PENDING' }]); // it might still be running
    server.clock.now += 2 * server.config.providerTimeoutMs + 1;
    const replay = await all(m.token, 'all-crashed-01');
    expect([replay.statusCode, replay.json()]).toEqual([200, { message: 'SUCCESS' }]);
    expect(await holdings(m.token)).toEqual({ wallet: 100, PG: 0, JOKER: 0 });
  });
});
