import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { generate } from 'promptparse';
import { drawSlip } from '../../adapters/slip/slip-image.js';
import { toMajor, toMinor, type Currency } from '../../ledger/money.js';
import type { CommandSet } from '../../operator/command-sets.js';
import { auditCli, printable, UsageError, type OperatorEnv } from '../../operator/common.js';
import { readAllSettings } from '../../settings/store.js';
import { closeSlip, creditSlip, SLIP_REASONS, sendingBankOf, type SlipReason } from './slips.js';

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
  const first = deposit?.banks.find((b) => b.bankType === 'DEPOSIT');
  if (!first) throw new UsageError('the deposit lookup has no DEPOSIT bank account: settings set deposit ...');
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
  fs.writeFileSync(file, drawSlip(generate.slipVerify({ sendingBank, transRef: ref })));
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

async function approve(env: OperatorEnv, args: string[], print: (l: string) => void) {
  const { database } = env;
  const id = Number(args[0]);
  if (!Number.isInteger(id) || id <= 0) throw new UsageError('slip approve needs a slip id');
  const slip = await database.db.selectFrom('slips').selectAll().where('id', '=', id).executeTakeFirst();
  if (!slip) throw new UsageError(`no slip ${id}`);
  if (slip.status !== 'REVIEW' && slip.status !== 'PROCESSING') throw new UsageError(`slip ${id} is ${slip.status}, not waiting`);
  let amount = Number(slip.amount);
  if (args[1] !== undefined) {
    try {
      amount = toMinor(Number(args[1]), slip.currency as Currency);
    } catch {
      throw new UsageError(`amount ${args[1]} has too many decimals`);
    }
  }
  if (!(amount > 0)) throw new UsageError(`slip ${id}: the bank did not tell us the amount; give it: slip approve ${id} <amount>`);
  // a slip whose QR nobody could read is held by its own id, so it too credits once
  const bankTx =
    slip.sending_bank && slip.trans_ref
      ? { sendingBank: slip.sending_bank, transRef: slip.trans_ref }
      : { sendingBank: 'SLIP', transRef: slip.reference };
  const result = await creditSlip({ database, now: Date.now }, id, slip.member_id, amount, bankTx, (tx, journalIds) =>
    auditCli(env, tx, {
      action: 'slip.approve',
      target: `slip:${id}`,
      before: { status: slip.status, amount: slip.amount === null ? null : toMajor(Number(slip.amount), slip.currency as Currency) },
      after: { status: 'SUCCESS', amount: toMajor(amount, slip.currency as Currency) },
      journalIds,
    }),
  );
  if (result === 'duplicate')
    throw new UsageError(`slip ${id}: that bank transaction was already credited; the slip is now FAILED SLIP_DUPLICATE`);
  if (result === 'closed') throw new UsageError(`slip ${id} was closed meanwhile`);
  print(`slip ${id} approved: ${toMajor(amount, slip.currency as Currency)} ${slip.currency} credited (SUCCESS)`);
}

async function reject(env: OperatorEnv, args: string[], print: (l: string) => void) {
  const { database } = env;
  const id = Number(args[0]);
  const reason = args[1] as SlipReason | undefined;
  if (!Number.isInteger(id) || id <= 0 || !reason) throw new UsageError(`slip reject needs <id> <reason-code>: ${SLIP_REASONS.join(', ')}`);
  if (!SLIP_REASONS.includes(reason)) throw new UsageError(`unknown reason "${reason}"; one of ${SLIP_REASONS.join(', ')}`);
  const slip = await database.db.selectFrom('slips').select('status').where('id', '=', id).executeTakeFirst();
  if (!slip) throw new UsageError(`no slip ${id}`);
  if (slip.status !== 'REVIEW' && slip.status !== 'PROCESSING') throw new UsageError(`slip ${id} is ${slip.status}, not waiting`);
  await closeSlip({ database, now: Date.now }, id, 'FAILED', reason, {}, (tx) =>
    auditCli(env, tx, {
      action: 'slip.reject',
      target: `slip:${id}`,
      before: { status: slip.status },
      after: { status: 'FAILED' },
      reason,
    }),
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
  npm run operator -- slip approve <id> [amount]  credit a slip waiting for review (the amount when the bank never told it)
  npm run operator -- slip reject <id> <reason>   fail a waiting slip with a reason code (SLIP_EXPIRED, SLIP_INVALID, ...)
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
