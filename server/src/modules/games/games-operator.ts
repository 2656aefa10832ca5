import fs from 'node:fs';
import { findGame } from '../../adapters/games/catalog.js';
import { HttpGameProvider } from '../../adapters/games/http-provider.js';
import { FAULTS, isFault, isPlay, PLAYS } from '../../adapters/games/sandbox.js';
import { withTransaction } from '../../db/transaction.js';
import type { Currency } from '../../ledger/money.js';
import type { JournalEntry } from '../../game-sandbox/file-books.js';
import type { CommandSet } from '../../operator/command-sets.js';
import { auditCli, UsageError, updateSettingAudited, type OperatorEnv, type Print } from '../../operator/common.js';
import { readAllSettings } from '../../settings/store.js';

const DRILLS = [...FAULTS, ...PLAYS, 'none'] as const;

/**
 * A drill on the sandbox game provider: a fault of a game or a fixed outcome of its rounds. With the
 * sandbox bridge (GAME_PROVIDER=http, as `npm start` runs it) the bridge is told; with the in-process
 * sandbox, the `providerFaults` and `sandboxPlay` settings. Never in production: a round fixed to "win"
 * makes money for whoever plays (issue 36).
 */
async function drill(env: OperatorEnv, code: string | undefined, what: string | undefined, print: Print) {
  const game = findGame((code ?? '').toUpperCase());
  if (!game || !(DRILLS as readonly string[]).includes(what ?? ''))
    throw new UsageError(`games drill needs a game code and one of ${DRILLS.join(', ')}`);
  if (env.config.production) throw new UsageError('games drill is for tests and drills: never in production');
  const bridge = env.config.gameBridge;
  if (bridge) {
    const told = await new HttpGameProvider({ baseUrl: bridge.url, secret: bridge.secret, timeoutMs: env.config.providerTimeoutMs })
      .sandboxDrill(game.code, what!)
      .catch((err: unknown) => {
        throw new UsageError(
          `the game provider at GAME_PROVIDER_URL took no drill (only the sandbox bridge does): ${(err as Error).message}`,
        );
      });
    await withTransaction(env.database, (tx) => auditCli(env, tx, { action: 'games.drill', target: `game:${game.code}`, after: told }));
    print(
      `${game.code} at the sandbox bridge: fault ${told.fault}, rounds ${told.play === 'none' ? 'by chance' : `all ${told.play === 'win' ? 'won' : 'lost'}`}`,
    );
    return;
  }
  // each switch of this game set on the stored switches, their row locked (a drill of another game at the
  // same moment keeps its own); only a setting the drill changes is written (and audited)
  const switched = <T extends string>(before: Record<string, T> | undefined, to: T | undefined) => {
    if (before?.[game.code] === to) return undefined;
    const after = { ...before };
    if (to === undefined) delete after[game.code];
    else after[game.code] = to;
    return after;
  };
  const fault = isFault(what) ? what : what === 'none' ? undefined : null;
  const play = isPlay(what) ? what : what === 'none' ? undefined : null;
  if (fault !== null) await updateSettingAudited(env, 'providerFaults', (before) => switched(before, fault));
  if (play !== null) await updateSettingAudited(env, 'sandboxPlay', (before) => switched(before, play));
  const settings = await readAllSettings(env.database.db);
  print(
    `${game.code} in the in-process sandbox: fault ${settings.providerFaults?.[game.code] ?? 'none'}, rounds ${settings.sandboxPlay?.[game.code] ?? 'by chance'}`,
  );
}

/**
 * The in-process sandbox's books (tables of the wallet's database, from before the sandbox became a
 * bridge of its own) written as the bridge's journal, so its accounts, balances, refs and bets carry
 * over: `npm start` runs this once, before the bridge's first start on a database that has them.
 */
async function exportSandbox(env: OperatorEnv, file: string | undefined, print: Print) {
  if (!file) throw new UsageError('games export-sandbox needs the journal file to write');
  if (fs.existsSync(file)) throw new UsageError(`${file} exists: the bridge's journal is never overwritten`);
  const db = env.database.db;
  const accounts = await db.selectFrom('sandbox_game_accounts').selectAll().orderBy('provider').orderBy('username').execute();
  const refs = await db.selectFrom('sandbox_game_refs').selectAll().orderBy('created_at').execute();
  const bets = await db.selectFrom('sandbox_game_bets').selectAll().orderBy('created_at').execute();
  const lines: JournalEntry[] = [
    ...accounts.map((a): JournalEntry => ({
      op: 'import-account',
      provider: a.provider,
      username: a.username,
      password: a.password,
      balance: Number(a.balance),
      currency: a.currency as Currency,
    })),
    ...refs.map((r): JournalEntry => ({
      op: 'import-ref',
      provider: r.provider,
      ref: r.ref,
      state: r.state === 'void' ? 'void' : 'applied',
      username: r.username,
      kind: r.kind,
      amount: Number(r.amount),
    })),
    ...bets.map((b): JournalEntry => ({
      op: 'import-bet',
      provider: b.provider,
      username: b.username,
      stake: Number(b.stake),
      at: Number(b.created_at),
    })),
  ];
  // written whole, then named: a bridge never starts on half a journal
  fs.writeFileSync(`${file}.part`, lines.map((l) => `${JSON.stringify(l)}\n`).join(''), { mode: 0o600 });
  fs.renameSync(`${file}.part`, file);
  print(`sandbox books written to ${file}: ${accounts.length} accounts, ${refs.length} refs, ${bets.length} bets`);
}

export const gameCommands: CommandSet = {
  help: `  npm run operator -- games drill <CODE> fail|hang|fail-transfers|hang-transfers|win|lose|none
                       a drill on the sandbox game provider (never in production)
  npm run operator -- games export-sandbox <file>   the in-process sandbox's books as the sandbox bridge's journal
`,
  async run(env, args, print) {
    const [group, action, ...rest] = args;
    if (group !== 'games') return false;
    if (action === 'drill') await drill(env, rest[0], rest[1], print);
    else if (action === 'export-sandbox') await exportSandbox(env, rest[0], print);
    else throw new UsageError(`unknown command "games ${action ?? ''}"; use games drill or games export-sandbox`);
    return true;
  },
};
