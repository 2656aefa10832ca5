import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/ledger/invariants.js';
import { newMember } from './bonus-helpers.js';
import { build, call, type TestServer } from './helper.js';

/**
 * Issue 34: transactions that SQLite's group commit ran together shared one connection, and a refused
 * transfer left its deferred house change behind for the next transfer in the group to lose (the wallet
 * runs on Postgres alone since). Several members' transfers at once, refusals among them, then the ledger
 * must still hold and no money moved by a refusal.
 */
describe('concurrent transfers of several members with refusals', () => {
  let server: TestServer;
  const members: { phone: string; token: string }[] = [];

  beforeAll(async () => {
    server = await build();
    for (let i = 0; i < 6; i++) members.push(await newMember(server, 100));
    for (const m of members) await call(server.app, 'GET', '/api/wallet/activate/PG', undefined, { token: m.token });
  });
  afterAll(() => server.close());

  it('a refused transfer changes nothing and every other transfer in its group is booked', async () => {
    for (let round = 0; round < 3; round++) {
      const calls = members.flatMap((m, who) =>
        [
          { from: 'WALLET', to: 'PG', amount: 1 },
          { from: 'PG', to: 'WALLET', amount: 500 }, // refused: the game holds far less
          { from: 'WALLET', to: 'PG', amount: 1 },
          { from: 'WALLET', to: 'PG', amount: 5000 }, // refused: the wallet holds 100
          { from: 'PG', to: 'WALLET', amount: 1 },
        ].map((body, n) =>
          call(server.app, 'POST', '/api/wallet/transfer', body, {
            token: m.token,
            headers: { 'idempotency-key': `refusals-${round}-${who}-${n}` },
          }),
        ),
      );
      const answers = await Promise.all(calls);
      for (const res of answers) expect([200, 400]).toContain(res.statusCode);
      expect(answers.filter((r) => r.statusCode === 400).map((r) => (r.json() as { message: string }).message)).toEqual(
        Array.from({ length: answers.filter((r) => r.statusCode === 400).length }, () => 'MONEY_NOT_ENOUGH'),
      );
      expect(await checkLedger(server.ctx.database.db)).toEqual([]);
    }
    // nothing left in transit, and each member holds its 100 baht between wallet and game
    const open = await server.ctx.database.db.selectFrom('transfer_intents').select('id').where('status', '=', 'open').execute();
    expect(open).toEqual([]);
    // every member still holds its 100 baht, between wallet and game
    const held = await server.ctx.database.db
      .selectFrom('ledger_accounts')
      .select(['member_id', (eb) => eb.fn.sum<number>('balance').as('total')])
      .where('member_id', 'is not', null)
      .groupBy('member_id')
      .execute();
    const byMember = new Map(held.map((r) => [r.member_id, Number(r.total)]));
    for (const m of members) {
      const id = (await server.ctx.database.db.selectFrom('members').select('id').where('phone', '=', m.phone).executeTakeFirstOrThrow())
        .id;
      expect(byMember.get(id)).toBe(10_000);
    }
  });
});
