import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { migrate, openDatabase, type Database } from '../src/db/database.js';
import { embeddedPostgres } from '../src/db/embedded-postgres.js';
import { seed } from '../src/db/seed.js';
import { inSnapshot } from '../src/db/transaction.js';
import { checkLedger } from '../src/ledger/invariants.js';
import { runCommand } from '../src/operator/commands.js';
import { readAllSettings, writeSetting } from '../src/settings/store.js';
import { membersWithMoney } from './members-with-money.js';
import { startServer, type ServerEnv, type SpawnedServer } from './spawn-server.js';

/**
 * Manual deposit requests on both ways the product runs its database (issue 39 added what the member says of
 * the transfer's time, and which of our accounts a clerk names on the confirmation): a hundred requests at once
 * from twenty members, refusals among them (a second request while one waits, a time outside the two days, an
 * amount below the minimum), clerks confirming meanwhile (some naming an account that is not ours), and the
 * server killed with -9 in the middle. After the restart, each request left unanswered is asked again with its
 * key: every request the server ever took is answered as taken, every refusal took nothing, every confirmed one
 * is credited once and names the account its clerk named, and the ledger check passes.
 */

const MEMBERS = 20;
const ASKS = 5;
const OURS = '0481234567';
const PASSWORD = 'manual-crash-pass';

/** Members made in the database, each with 1,000 baht; their phones. */
const members = (database: Database) =>
  membersWithMoney(database, {
    count: MEMBERS,
    phone: (i) => `0877${String(i).padStart(6, '0')}`,
    account: (i) => `5877${String(i).padStart(6, '0')}`,
    name: (i) => `Manual ${i}`,
    password: PASSWORD,
    minor: 100_000,
    source: 'CRASH',
  });

interface Asked {
  key: string;
  token: string;
  body: { amount: number; transferredAt?: string };
  status: number;
  requestId?: number;
}

/** The i-th ask of a member: mostly a good one; one in five too early a transfer, one in five below the minimum. */
function bodyOf(i: number): Asked['body'] {
  const now = Date.now();
  if (i % 5 === 3) return { amount: 150, transferredAt: new Date(now - 3 * 24 * 3_600_000).toISOString() };
  if (i % 5 === 4) return { amount: 0.5 };
  return { amount: 100 + 10 * (i % 7), ...(i % 2 ? { transferredAt: new Date(now - 20 * 60_000).toISOString() } : {}) };
}

const ENGINES: { name: string; env: (dir: string) => Promise<{ env: ServerEnv; database: Database; stop: () => Promise<void> }> }[] = [
  {
    name: 'the embedded database the server starts itself (DATA_DIR)',
    env: async (dir) => {
      const database = await openDatabase({ dataDir: dir, databaseUrl: undefined });
      return { env: { DATA_DIR: dir }, database, stop: () => database.close() };
    },
  },
  {
    name: 'a Postgres server of its own (DATABASE_URL)',
    env: async (dir) => {
      const cluster = await embeddedPostgres(path.join(dir, 'external'));
      const database = await openDatabase({ dataDir: dir, databaseUrl: cluster.url });
      return {
        env: { DATA_DIR: dir, DATABASE_URL: cluster.url },
        database,
        stop: async () => {
          await database.close();
          await cluster.stop();
        },
      };
    },
  },
];

describe.each(ENGINES)('manual deposit requests, a hundred at once and the server killed with -9, on $name', ({ env: engine }) => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it(
    'takes each request once, credits each confirmation once where its clerk said, refuses with nothing changed, and keeps the ledger whole',
    { timeout: 240_000 },
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-manual-kill9-'));
      dirs.push(dir);
      const { env, database, stop } = await engine(dir);
      const ctx = { database, config: loadConfig({ DATA_DIR: dir, STATIC_DIR: '' }) };
      const operator = (...args: string[]) => runCommand(ctx, args, () => undefined);
      let server: SpawnedServer | undefined;
      try {
        await migrate(database);
        await seed(database, { variant: 'th' });
        const deposit = (await readAllSettings(database.db)).deposit!;
        const ours = { bankCode: 'KBANK', bankType: 'DEPOSIT', mode: 'AUTO', nameTH: 'กสิกรไทย', nameEN: 'Kasikornbank' };
        await writeSetting(database.db, 'deposit', {
          ...deposit,
          isManual: true,
          banks: [{ ...ours, bankAccountName: 'WALLET CO., LTD.', bankAccountNo: OURS, currency: 'BAHT' }],
        });
        await writeSetting(database.db, 'slip', { ...(await readAllSettings(database.db)).slip!, minDeposit: 1 });
        for (const clerk of ['fin1', 'fin2', 'fin3']) await operator('staff', 'add', clerk, 'finance');
        const phones = await members(database);
        server = await startServer(env);
        const url = server.url;
        const headers = { 'x-wallet-client': 'member', 'content-type': 'application/json' };
        const tokens = await Promise.all(
          phones.map(async (username) => {
            const res = await fetch(`${url}/api/login`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ username, password: PASSWORD }),
            });
            return ((await res.json()) as { token: string }).token;
          }),
        );
        const ask = async (a: Asked, to = url): Promise<void> => {
          try {
            const res = await fetch(`${to}/api/wallet/add`, {
              method: 'POST',
              headers: { ...headers, authorization: `Bearer ${a.token}`, 'idempotency-key': a.key },
              body: JSON.stringify(a.body),
            });
            a.status = res.status;
            a.requestId = ((await res.json()) as { requestId?: number }).requestId;
          } catch {
            a.status = 0; // no answer: the server is gone
          }
        };

        // clerks confirm what waits, meanwhile: one in four naming an account that is not ours (refused, nothing changed)
        let asking = true;
        const confirmed = new Map<number, string>();
        const refusedConfirmations: number[] = [];
        const clerk = async (name: string, nth: number) => {
          for (let round = 0; asking || round < 2; round++) {
            const waiting = await database.db.selectFrom('deposit_requests').select('id').where('status', '=', 'PENDING').execute();
            for (const { id } of waiting.filter((w) => w.id % 3 === nth)) {
              const wrong = id % 4 === 0 && !refusedConfirmations.includes(id);
              try {
                await operator('deposit-request', 'confirm', String(id), '--to', wrong ? '9999999999' : OURS, '--as', name);
                confirmed.set(id, OURS);
              } catch (err) {
                if (wrong) refusedConfirmations.push(id);
                // settled by another clerk meanwhile, or waiting for a second one (the money policy): not an error here
                else if (!/not pending|second finance clerk/.test(String(err))) throw err;
              }
            }
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        };
        const clerks = Promise.all(['fin1', 'fin2', 'fin3'].map((name, nth) => clerk(name, nth)));

        // a hundred asks at once; the server killed once half of them have been answered
        const asked: Asked[] = phones.flatMap((_, m) =>
          Array.from({ length: ASKS }, (__, i) => ({ key: `manual-kill9-${m}-${i}`, token: tokens[m]!, body: bodyOf(m + i), status: -1 })),
        );
        const running = server;
        let answered = 0;
        await Promise.all(
          asked.map(async (a) => {
            await ask(a);
            if (a.status > 0 && ++answered === asked.length / 2) running.child.kill('SIGKILL');
          }),
        );
        await running.exit;
        expect(asked.filter((a) => a.status === 200).length).toBeGreaterThan(0);
        expect(asked.filter((a) => a.status === 409).length).toBeGreaterThan(0);

        // restarted: each unanswered ask again with its key; an ask the server took answers as taken
        server = await startServer(env);
        for (const a of asked.filter((x) => x.status === 0)) await ask(a, server.url);
        asking = false;
        await clerks;
        expect(asked.filter((a) => a.status <= 0)).toEqual([]);
        expect(refusedConfirmations.length).toBeGreaterThan(0);

        // what the server took is what its answers said: each 200 one request, each refusal nothing
        const requests = await database.db.selectFrom('deposit_requests').selectAll().execute();
        const taken = new Set(asked.filter((a) => a.status === 200).map((a) => a.requestId));
        expect(new Set(requests.map((r) => r.id))).toEqual(taken);
        for (const a of asked.filter((x) => x.status !== 200)) expect([400, 409]).toContain(a.status);
        for (const a of asked.filter((x) => x.status === 200)) {
          const r = requests.find((x) => x.id === a.requestId)!;
          expect(Number(r.amount)).toBe(a.body.amount * 100);
          expect(r.transferred_at).toBe(a.body.transferredAt ? Date.parse(a.body.transferredAt) : null);
        }
        // each confirmed request credited once, naming the account its clerk named; the rest still waits, naming none
        for (const r of requests) {
          if (r.status === 'SUCCESS') expect(r.deposit_account_no).toBe(confirmed.get(r.id));
          else expect([r.status, r.deposit_account_no]).toEqual(['PENDING', null]);
        }
        for (const phone of phones) {
          const member = await database.db.selectFrom('members').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
          const credited = requests
            .filter((r) => r.member_id === member.id && r.status === 'SUCCESS')
            .reduce((sum, r) => sum + Number(r.amount), 0);
          const wallet = await database.db
            .selectFrom('ledger_accounts')
            .select('balance')
            .where('code', '=', `wallet:${member.id}`)
            .executeTakeFirstOrThrow();
          expect(Number(wallet.balance)).toBe(100_000 + credited);
        }
        expect(await inSnapshot(database, checkLedger)).toEqual([]);
        const lines: string[] = [];
        await runCommand(ctx, ['ledger', 'check'], (l) => lines.push(l));
        expect(lines.join('\n')).toContain('ledger check: every entry balances');
      } finally {
        await server?.stop();
        await stop();
      }
    },
  );
});
