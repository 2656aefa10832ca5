import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { generate } from 'promptparse';
import { drawSlip } from '../../adapters/slip/slip-image.js';
import { toMajor, toMinor, type Currency } from '../../ledger/money.js';
import type { CommandSet } from '../../operator/command-sets.js';
import { printable, UsageError, type OperatorEnv, waitsForSecond } from '../../operator/common.js';
import { ApiError } from '../../lib/errors.js';
import { CLI_SYSTEM } from '../audit/service.js';
import { approveSlip, rejectSlip } from './slip-review.js';
import { readAllSettings } from '../../settings/store.js';
import { SLIP_REASONS, sendingBankOf, type SlipReason } from './slips.js';
import { isRetired } from '../../settings/deposit-accounts.js';

/** Options after the positional words: `--minutes-ago 90 --to 0481234567`. */
function options(args: string[]): { positional: string[]; flags: Record<string, string> } {
  const positional: string[] = [];
  const flags: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.startsWith('--')) {
      const value = args[i + 1];
      if (value === undefined) throw new UsageError(`${a} needs a value`);
      flags[a.slice(2)] = value;
      i += 1;
    } else positional.push(a);
  }
  return { positional, flags };
}

/** A bank transaction reference as Thai banks print them: date, time and a random tail. */
function transRef(now: number): string {
  const stamp = new Date(now + 7 * 3_600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${stamp}${randomBytes(5).toString('hex').toUpperCase()}`;
}

async function makeSlip({ database }: OperatorEnv, args: string[], print: (l: string) => void) {
  const { positional, flags } = options(args);
  const [phone, amountText, file] = positional;
  if (!phone || !amountText || !file) throw new UsageError('slip make needs <phone> <amount> <file.png>');
  const member = await database.db
    .selectFrom('members')
    .select(['id', 'currency', 'bank_code', 'bank_account_no', 'bank_account_name'])
    .where('phone', '=', phone)
    .executeTakeFirst();
  if (!member) throw new UsageError(`no member with phone ${phone}`);
  const amount = Number(amountText);
  let minor: number;
  try {
    minor = toMinor(amount, member.currency as Currency);
  } catch {
    throw new UsageError(`amount ${amountText} has too many decimals`);
  }
  if (!(minor > 0)) throw new UsageError(`slip make needs a positive amount, got "${amountText}"`);
  const minutesAgo = flags['minutes-ago'] === undefined ? 0 : Number(flags['minutes-ago']);
  if (!Number.isFinite(minutesAgo) || minutesAgo < 0) throw new UsageError('--minutes-ago needs a number of minutes');
  const { deposit } = await readAllSettings(database.db);
  const accounts = deposit?.banks.filter((b) => b.bankType === 'DEPOSIT') ?? [];
  if (!accounts[0]) throw new UsageError('the deposit lookup has no DEPOSIT bank account: settings set deposit ...');
  // to the account named (another's digits: at the first account's bank), else to the one the member is shown (their currency's)
  const shown = accounts.find((b) => b.currency === member.currency && !isRetired(b, Date.now())) ?? accounts[0];
  const first = (flags.to ? accounts.find((b) => b.bankAccountNo === flags.to) : shown) ?? accounts[0];
  const toAccount = flags.to ?? first.bankAccountNo;
  // the name the bank has for the account (a title in front, another spelling) when not the registered one
  const fromName = flags['sender-name'] ?? member.bank_account_name;
  const now = Date.now() - minutesAgo * 60_000;
  const ref = transRef(now);
  const sendingBank = sendingBankOf(member.bank_code);
  await database.db
    .insertInto('sandbox_bank_transfers')
    .values({
      sending_bank: sendingBank,
      trans_ref: ref,
      amount: minor,
      currency: member.currency,
      from_bank: member.bank_code,
      from_account: member.bank_account_no,
      from_name: fromName,
      to_bank: first.bankCode,
      to_account: toAccount,
      transferred_at: now,
    })
    .execute();
  fs.writeFileSync(file, await drawSlip(generate.slipVerify({ sendingBank, transRef: ref })));
  print(
    `sandbox bank: ${amount} ${member.currency} from ${member.bank_code} ${member.bank_account_no} (${printable(fromName)}) to ${first.bankCode} ${toAccount}, ${new Date(now).toISOString()}`,
  );
  print(`slip written to ${file}; transaction reference ${ref}`);
}

async function listSlips({ database }: OperatorEnv, print: (l: string) => void) {
  const rows = await database.db
    .selectFrom('slips')
    .innerJoin('members', 'members.id', 'slips.member_id')
    .select([
      'slips.id',
      'slips.reference',
      'members.phone',
      'slips.amount',
      'slips.currency',
      'slips.status',
      'slips.note',
      'slips.trans_ref',
      'slips.sender',
      'members.bank_code',
      'members.bank_account_no',
      'members.bank_account_name',
      'slips.created_at',
    ])
    .orderBy('slips.id', 'desc')
    .limit(50)
    .execute();
  print(`${rows.length} slip(s), newest first`);
  for (const s of rows) {
    print(
      `${s.id}\t${s.reference}\t${s.phone}\t${toMajor(Number(s.amount), s.currency as Currency)} ${s.currency}\t${s.status}${s.note ? ` ${printable(s.note)}` : ''}\t${printable(s.trans_ref ?? '-')}\t${new Date(Number(s.created_at)).toISOString()}`,
    );
    // a slip waiting for review: what the bank said of the sender beside what the member registered
    if (s.status === 'REVIEW' && s.sender)
      print(
        `\tbank's sender: ${printable(s.sender)}; member's account: ${s.bank_code} ${s.bank_account_no} ${printable(s.bank_account_name)}`,
      );
  }
}

/** The service's refusal in the operator's words (the same rule as the console's, said for a terminal). */
async function slipRefusal(env: OperatorEnv, id: number, err: unknown, amountText?: string): Promise<never> {
  if (!(err instanceof ApiError)) throw err;
  switch (err.code) {
    case 'NO_DATA':
      throw new UsageError(`no slip ${id}`);
    case 'SLIP_NOT_WAITING': {
      const slip = await env.database.db.selectFrom('slips').select('status').where('id', '=', id).executeTakeFirst();
      throw new UsageError(`slip ${id} is ${slip?.status ?? 'gone'}, not waiting`);
    }
    case 'SLIP_DUPLICATE':
      throw new UsageError(`slip ${id}: that bank transaction was already credited; the slip is now FAILED SLIP_DUPLICATE`);
    case 'AMOUNT_REQUIRED':
      throw new UsageError(`slip ${id}: the bank did not tell us the amount; give it and why: slip approve ${id} <amount> --reason "..."`);
    case 'AMOUNT_INVALID':
      throw new UsageError(`slip approve needs a positive amount with the currency's decimals, got "${amountText ?? ''}"`);
    case 'REASON_REQUIRED': {
      const slip = await env.database.db.selectFrom('slips').select(['amount', 'currency']).where('id', '=', id).executeTakeFirst();
      const bank =
        slip && Number(slip.amount) > 0 ? `${toMajor(Number(slip.amount), slip.currency as Currency)} ${slip.currency}` : 'nothing';
      throw new UsageError(
        `slip ${id}: the bank said ${bank}; crediting ${amountText} needs a reason: slip approve ${id} ${amountText} --reason "..." (3 to 500 characters)`,
      );
    }
    case 'STAFF_FORBIDDEN':
      throw new UsageError(
        `slip ${id}: crediting on a person's word (more than the bank confirmed, or a slip not known to be from the member's own account) needs --as <username> of a finance clerk or admin who is not disabled`,
      );
    case 'FOUR_EYES':
      throw new UsageError(
        `slip ${id}: you asked for this credit; a second finance clerk or admin approves it (slip approve ${id} <amount> --as <another>)`,
      );
    default:
      throw new UsageError(`slip ${id}: ${err.code}`);
  }
}

async function approve(env: OperatorEnv, args: string[], print: (l: string) => void) {
  const { positional, flags } = options(args);
  const id = Number(positional[0]);
  if (!Number.isInteger(id) || id <= 0) throw new UsageError('slip approve needs a slip id');
  const amountText = positional[1];
  const amount = amountText === undefined ? undefined : Number(amountText);
  if (amount !== undefined && !Number.isFinite(amount)) throw new UsageError(`slip approve needs a positive amount, got "${amountText}"`);
  const by = { actor: env.actor ?? CLI_SYSTEM };
  const credited = await approveSlip({ database: env.database, now: Date.now }, by, { id, amount, reason: flags.reason }).catch((err) =>
    slipRefusal(env, id, err, amountText),
  );
  if (credited.waits)
    print(
      waitsForSecond(
        `slip ${id}: crediting ${credited.amount} ${credited.currency}`,
        credited.waits,
        // another amount than the bank's always needs a reason
        `slip approve ${id} ${credited.amount} --reason "..."`,
      ),
    );
  else print(`slip ${id} approved: ${credited.amount} ${credited.currency} credited (SUCCESS)`);
}

async function reject(env: OperatorEnv, args: string[], print: (l: string) => void) {
  const { positional, flags } = options(args);
  const id = Number(positional[0]);
  const reason = positional[1] as SlipReason | undefined;
  if (!Number.isInteger(id) || id <= 0 || !reason) throw new UsageError(`slip reject needs <id> <reason-code>: ${SLIP_REASONS.join(', ')}`);
  if (!SLIP_REASONS.includes(reason)) throw new UsageError(`unknown reason "${reason}"; one of ${SLIP_REASONS.join(', ')}`);
  const by = { actor: env.actor ?? CLI_SYSTEM };
  await rejectSlip({ database: env.database, now: Date.now }, by, { id, reason, comment: flags.comment }).catch((err) =>
    slipRefusal(env, id, err),
  );
  print(`slip ${id} rejected: FAILED ${reason}`);
}

export const slipCommands: CommandSet = {
  help: `  npm run operator -- slip make <phone> <amount> <file.png> [--minutes-ago N] [--to <accountNo>] [--sender-name <name>]
                                                the sandbox bank records a transfer from the member's bank account to our first
                                                deposit account and writes its slip (with the slip-verify QR) to the file;
                                                --sender-name: the name the bank has for that account (default the registered one)
  npm run operator -- slips list                the latest slips (id, reference, member, amount, status and reason, bank reference;
                                                for a slip in review, the bank's sender beside the member's account)
  npm run operator -- slip approve <id> [amount] [--reason "..."]
                                                credit a slip waiting for review: the bank's amount; another amount, or one
                                                the bank never told, needs --reason (3 to 500 characters, in the audit trail)
                                                and --as <finance clerk or admin>; past their allowance alone (the money
                                                policy) it waits for a second one to approve the same amount
  npm run operator -- slip reject <id> <reason> [--comment "..."]
                                                fail a waiting slip with a reason code (SLIP_EXPIRED, SLIP_INVALID, ...)
`,
  async run(env, args, print) {
    const [group, action, ...rest] = args;
    if (group === 'slips' && action === 'list') return listSlips(env, print).then(() => true);
    if (group !== 'slip') return false;
    if (action === 'make') await makeSlip(env, rest, print);
    else if (action === 'approve') await approve(env, rest, print);
    else if (action === 'reject') await reject(env, rest, print);
    else return false;
    return true;
  },
};
