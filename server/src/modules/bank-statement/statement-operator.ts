import fs from 'node:fs';
import path from 'node:path';
import { STATEMENT_BANK_CODES, STATEMENT_MAX_BYTES, type StatementPreview } from '../../../../contract/staff-statements.js';
import { withTransaction } from '../../db/transaction.js';
import { ApiError } from '../../lib/errors.js';
import type { CommandSet } from '../../operator/command-sets.js';
import { parseOptions, printable, UsageError } from '../../operator/common.js';
import { SettingsCache } from '../../settings/store.js';
import { requireApprover } from '../adjustments/service.js';
import { CLI_SYSTEM } from '../audit/service.js';
import { importStatement, previewStatement } from './import-service.js';
import { inlineStatementReader } from './statement-file.js';

/** What a refusal of the service says on the terminal (the console's sentences, for an operator). */
const sentences: Record<string, string> = {
  STAFF_FORBIDDEN: 'a statement credits money on your word: --as <username> of a finance clerk or admin who is not disabled',
  STATEMENT_FILE_EMPTY: 'the file is empty',
  STATEMENT_FILE_TYPE: 'not a statement export (CSV, tab-separated text, an HTML ".xls" or an .xlsx)',
  STATEMENT_FILE_INVALID: 'the file cannot be read as the bank exports it',
  STATEMENT_UNPACKS_TOO_LARGE: 'the workbook unpacks to more than 64 MB: export a shorter period, or as CSV',
  STATEMENT_TOO_MANY_LINES: 'the file has more than 20,000 rows: export a shorter period',
  STATEMENT_BANK_UNKNOWN: 'the bank cannot be told from the file: --bank KBANK|SCB|KTB|BCEL',
  STATEMENT_BANK_MISMATCH: "the file is another bank's export than --bank says",
  STATEMENT_FILE_CURRENCY: "the file states another currency than the deposit account's",
  STATEMENT_ACCOUNT_UNKNOWN: 'no deposit account of the deposit setting has that number',
  STATEMENT_ACCOUNT_MISMATCH: 'the file states another account than --account',
  STATEMENT_LAYOUT_UNKNOWN: "no header row with a date and an amount column: is this the bank's statement export?",
  STATEMENT_LINE_INVALID: 'a line has an amount that is not a number (or kip with decimals): nothing was read',
  STATEMENT_NO_LINES: 'the file holds no statement lines',
  STATEMENT_CHANGED: 'this is not the file that was previewed (its sha256 differs): preview it again',
  STATEMENT_ALREADY_IMPORTED: 'every line of this statement was imported before: nothing was imported again',
  STATEMENT_LINE_IMPORTED: 'another import took some of these lines at the same moment: preview the file again',
};

const money = (amount: number) => amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The preview's or the import's lines, one a row, and what they come to. */
function printStatement(result: StatementPreview, print: (line: string) => void) {
  print(
    `${result.bank} ${result.accountNo} (${result.currency}), ${printable(result.fileName)}: ${result.lines.length} incoming line(s), ${result.outgoing} outgoing not read`,
  );
  for (const l of result.lines) {
    const who = l.member ? ` ${l.member.phone} ${printable(l.member.name)}` : '';
    const why = l.why ? ` (${l.why})` : '';
    print(`  row ${l.rowNo}  ${l.at}  ${money(l.amount)}  ${l.status ?? l.action}${who}${l.matchRef ? ` ${l.matchRef}` : ''}${why}`);
  }
}

/**
 * The bank statement import from the terminal (issue 39), the console's service: `preview` says what each
 * line would do and the file's sha256; `import` takes that sha256, so only the file previewed is imported.
 * Both need `--as` a finance clerk or admin: the credits are theirs under the money policy, and the audit
 * trail names them.
 */
export const statementCommands: CommandSet = {
  help: `  npm run operator -- statement preview <file> --account <no> [--bank KBANK|SCB|KTB|BCEL] --as <username>
                                                what importing a deposit account's statement would do, line by line, and its sha256
  npm run operator -- statement import <file> --account <no> --sha256 <the preview's> [--bank ...] --as <username>
                                                import it: credits under the money policy (past the allowance a line waits for a
                                                second finance clerk or admin), the rest in the console's statement queue
`,
  async run(env, args, print) {
    const [group, action, file, ...rest] = args;
    if (group !== 'statement' || (action !== 'preview' && action !== 'import')) return false;
    if (!file || file.startsWith('--')) throw new UsageError(`statement ${action} needs the statement file`);
    const o = parseOptions(rest, action === 'import' ? ['account', 'bank', 'sha256'] : ['account', 'bank']);
    if (!o.account) throw new UsageError(`statement ${action} needs --account <the deposit account's number>`);
    if (o.bank !== undefined && !(STATEMENT_BANK_CODES as readonly string[]).includes(o.bank))
      throw new UsageError(`--bank is one of ${STATEMENT_BANK_CODES.join(', ')}, got "${o.bank}"`);
    if (action === 'import' && !/^[0-9a-f]{64}$/.test(o.sha256 ?? ''))
      throw new UsageError('statement import needs --sha256 <the sha256 statement preview printed>: preview the file first');
    const actor = env.actor;
    if (!actor || actor.username === CLI_SYSTEM.username) throw new UsageError(sentences.STAFF_FORBIDDEN!);
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(file);
    } catch (err) {
      throw new UsageError(`cannot read ${file}: ${(err as Error).message}`);
    }
    if (bytes.length > STATEMENT_MAX_BYTES) throw new UsageError('the file is larger than 5 MB: export a shorter period');
    // read on this thread: one command, one file, no one else waiting on it
    const ctx = {
      database: env.database,
      now: Date.now,
      settings: await SettingsCache.load(env.database.db),
      statementReader: inlineStatementReader,
    };
    const by = { actor };
    const query = { account: o.account, ...(o.bank ? { bank: o.bank as (typeof STATEMENT_BANK_CODES)[number] } : {}) };
    try {
      // who may see the members a statement names: a finance clerk or admin (an import's credits ask again)
      await withTransaction(env.database, (tx) => requireApprover(tx, actor));
      if (action === 'preview') {
        const seen = await previewStatement(ctx, by, bytes, path.basename(file), query);
        printStatement(seen, print);
        print(`sha256 ${seen.sha256}; you may credit ${money(seen.creditAloneLeft)} ${seen.currency} alone now`);
        print(`to import it: statement import ${file} --account ${o.account} --sha256 ${seen.sha256}${o.bank ? ` --bank ${o.bank}` : ''}`);
      } else {
        const done = await importStatement(ctx, by, bytes, path.basename(file), { ...query, sha256: o.sha256 });
        printStatement(done, print);
        const count = (status: string) => done.lines.filter((l) => l.status === status).length;
        print(
          `import ${done.importId}: ${count('CREDITED')} credited, ${count('LINKED')} linked to a credit made, ${count('WAITING')} waiting for a second person, ${count('UNMATCHED')} in the queue`,
        );
      }
    } catch (err) {
      if (err instanceof ApiError) throw new UsageError(sentences[err.code] ?? `statement ${action}: ${err.code}`);
      throw err;
    }
    return true;
  },
};
