import { SandboxGateway, SIGNATURE_HEADER, signCallback } from '../../adapters/gateway/gateway.js';
import { ACCOUNT_NO_PATTERN } from '../../../../contract/staff-deposit-accounts.js';
import { SandboxVouchers } from '../../adapters/voucher/voucher.js';
import { toMajor, toMinor, type Currency } from '../../ledger/money.js';
import type { CommandSet } from '../../operator/command-sets.js';
import {
  auditCli,
  parseOptions,
  printable,
  refusedAsUsage,
  UsageError,
  type OperatorEnv,
  type Print,
  waitsForSecond,
} from '../../operator/common.js';
import { CLI_SYSTEM, givenReason } from '../audit/service.js';
import { confirmDepositRequest, rejectDepositRequest } from './deposit-request-review.js';
import { withTransaction } from '../../db/transaction.js';
import type { Settings } from '../../settings/registry.js';
import { readAllSettings } from '../../settings/store.js';
import { pendingRequests } from './manual-service.js';
import { handleQrCallback } from './qr-callback.js';
import { codeByRef, recentCodes, testCodeByRef, unmatchedPayments } from './qr-repository.js';
import { recentRedemptions } from './truelink-repository.js';

/**
 * Operator commands of the deposit module: payment QR codes (list, pay through the sandbox gateway),
 * gift links (make a sandbox voucher), manual requests (confirm, reject) and a list of recent deposits.
 */

const time = (ms: number) => new Date(Number(ms)).toISOString();
const money = (minor: number, currency: string) => `${toMajor(Number(minor), currency as Currency)} ${currency}`;

async function sandboxes(env: OperatorEnv) {
  const settings = (await readAllSettings(env.database.db)) as Settings;
  const faults = () => settings.providerFaults ?? {};
  return {
    gateway: new SandboxGateway(
      env.database.db,
      () => faults().GATEWAY,
      () => settings.qrcode,
      Date.now,
    ),
    vouchers: new SandboxVouchers(env.database.db, () => faults().VOUCHER, Date.now),
  };
}

async function qrList(env: OperatorEnv, print: Print) {
  const codes = await recentCodes(env.database.db, 20);
  const now = Date.now();
  print(`${codes.length} recent QR code(s) (id, member, provider, amount, status, created, expires)`);
  for (const c of codes) {
    const status = c.status === 'OPEN' && c.expires_at <= now ? 'EXPIRED' : c.status;
    print(`${c.ref}\t${c.phone}\t${c.provider}\t${money(c.amount, c.currency)}\t${status}\t${time(c.created_at)}\t${time(c.expires_at)}`);
  }
  const unmatched = await unmatchedPayments(env.database.db);
  print(`${unmatched.length} unmatched payment(s) (gateway transaction, provider, code, amount in minor units, reason, received)`);
  for (const p of unmatched)
    print(`${printable(p.gateway_txn_id)}\t${p.provider}\t${printable(p.ref)}\t${p.amount}\t${p.reason ?? ''}\t${time(p.created_at)}`);
}

/**
 * The sandbox gateway pays the code and delivers its signed callback to the running server over HTTP;
 * when no server answers, the same signed callback goes through the same handler in-process.
 */
async function qrPay(env: OperatorEnv, args: string[], print: Print) {
  const [ref, amountText] = args;
  if (!ref) throw new UsageError('qr pay needs a QR code id (see qr list)');
  // a member's code, or an admin's test code of the go-live list (in baht)
  const code = (await codeByRef(env.database.db, ref)) ?? ((await testCodeByRef(env.database.db, ref)) && { currency: 'BAHT' });
  if (!code) throw new UsageError(`no QR code ${ref}`);
  let amountMinor: number | undefined;
  if (amountText !== undefined) {
    const amount = Number(amountText);
    try {
      amountMinor = toMinor(amount, code.currency as Currency);
    } catch {
      amountMinor = undefined;
    }
    if (!(amount > 0) || amountMinor === undefined) throw new UsageError(`qr pay needs a positive amount, got "${amountText}"`);
  }
  const { gateway } = await sandboxes(env);
  const paid = await gateway.pay(ref, amountMinor);
  if (!paid) throw new UsageError(`the sandbox gateway has no code ${ref} (it was never created there)`);
  const raw = JSON.stringify(paid.callback);
  const signature = signCallback(env.config.qrCallbackSecret, raw);
  const url = `${env.config.publicUrl}/api/callbacks/qr/${paid.provider}`;
  print(`sandbox gateway: paid ${paid.callback.amount} for ${ref} (transaction ${paid.callback.transactionId})`);
  let answer: { status: number; body: unknown };
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
      body: raw,
      signal: AbortSignal.timeout(10_000),
    });
    answer = { status: res.status, body: await res.json().catch(() => null) };
    print(`callback sent to ${url}`);
  } catch {
    print(`no server answered at ${url}: applying the same signed callback in-process`);
    answer = await handleQrCallback({ ...env, now: Date.now }, paid.provider, Buffer.from(raw), signature);
  }
  print(`callback answer: ${answer.status} ${JSON.stringify(answer.body)}`);
  // the money moved in the server's handling of the callback (another process): the audit row says what was asked and answered
  await withTransaction(env.database, (tx) =>
    auditCli(env, tx, {
      action: 'qr.pay',
      target: `qr:${ref}`,
      after: { amount: paid.callback.amount, status: answer.status, answer: answer.body },
    }),
  );
}

async function depositsList(env: OperatorEnv, print: Print) {
  const db = env.database.db;
  const deposits = await db
    .selectFrom('ledger_entries as journal')
    .innerJoin('members', 'members.id', 'journal.member_id')
    .select([
      'journal.id',
      'journal.amount',
      'journal.status',
      'journal.from_label',
      'journal.created_at',
      'members.phone',
      'members.currency',
    ])
    .where('journal.type', '=', 'deposit')
    .orderBy('journal.id', 'desc')
    .limit(30)
    .execute();
  print(`${deposits.length} recent deposit(s) (journal, member, source, amount, status, time)`);
  for (const d of deposits)
    print(`${d.id}\t${d.phone}\t${printable(d.from_label)}\t${money(d.amount, d.currency)}\t${d.status}\t${time(d.created_at)}`);
  const requests = await pendingRequests(db);
  print(`${requests.length} open manual request(s) (id, member, amount, time): deposit-request confirm|reject <id>`);
  for (const r of requests) print(`${r.id}\t${r.phone}\t${money(r.amount, r.currency)}\t${time(r.created_at)}`);
  const links = await recentRedemptions(db, 10);
  print(`${links.length} recent gift link(s) (id, member, voucher, amount, status, time)`);
  for (const l of links)
    print(`${l.id}\t${l.phone}\t${printable(l.voucher)}\t${money(l.amount, l.currency)}\t${l.status}\t${time(l.created_at)}`);
}

/** The deposit-request service's refusals in the operator's words. */
const requestRefusals = (id: number): Record<string, string> => ({
  NO_DATA: `no deposit request ${id}`,
  DEPOSIT_REQUEST_NOT_PENDING: `deposit request ${id} is not pending`,
  STAFF_FORBIDDEN:
    'confirming a deposit request credits money on your word: --as <username> of a finance clerk or admin who is not disabled',
  FOUR_EYES: `you asked to confirm deposit request ${id}: a second finance clerk or admin confirms it (--as <another>)`,
  DEPOSIT_ACCOUNT_UNKNOWN: `--to is none of the deposit setting's deposit accounts in deposit request ${id}'s currency`,
});

export const depositCommands: CommandSet = {
  help: `  npm run operator -- qr list                   recent payment QR codes and unmatched gateway payments
  npm run operator -- qr pay <qrcodeId> [amount]  the sandbox gateway pays the code (its amount, or another) and sends the signed callback
  npm run operator -- giftlink make <amount>    a sandbox gift voucher of that many baht; the link is the last line
  npm run operator -- deposits list             recent deposits of every kind, open manual requests, gift links
  npm run operator -- deposit-request confirm <id> [--reason "..."] [--to <accountNo>] --as <username>
                                                credit a manual deposit request (SUCCESS); past the money policy's
                                                allowance it waits for a second finance clerk or admin to confirm it;
                                                --to: the deposit account the money arrived in (the per-account report)
  npm run operator -- deposit-request reject <id> --reason "..."     reject a manual deposit request (FAILED), nothing credited
`,
  async run(env, args, print) {
    const [group, action, ...rest] = args;
    switch (`${group ?? ''} ${action ?? ''}`) {
      case 'qr list':
        await qrList(env, print);
        return true;
      case 'qr pay':
        await qrPay(env, rest, print);
        return true;
      case 'giftlink make': {
        const amount = Number(rest[0]);
        let minor: number | undefined;
        try {
          minor = toMinor(amount, 'BAHT');
        } catch {
          minor = undefined;
        }
        if (!rest[0] || !(amount > 0) || minor === undefined)
          throw new UsageError(`giftlink make needs a positive amount in baht, got "${rest[0] ?? ''}"`);
        const link = await (await sandboxes(env)).vouchers.make(minor);
        // the sandbox voucher service is outside the ledger: its record is made, then the audit row
        await withTransaction(env.database, (tx) => auditCli(env, tx, { action: 'giftlink.make', target: 'voucher', after: { amount } }));
        print(`sandbox voucher of ${amount} BAHT made; the member pastes this link:`);
        print(link);
        return true;
      }
      case 'deposits list':
        await depositsList(env, print);
        return true;
      case 'deposit-request confirm':
      case 'deposit-request reject': {
        const id = Number(rest[0]);
        if (!Number.isInteger(id) || id <= 0) throw new UsageError(`deposit-request ${action} needs a request id`);
        const { reason, to } = parseOptions(rest.slice(1), ['reason', 'to']);
        if (to !== undefined && (action === 'reject' || !ACCOUNT_NO_PATTERN.test(to)))
          throw new UsageError(`--to names the deposit account the money arrived in (6 to 20 digits), for a confirmation only`);
        if (action === 'reject' && !givenReason(reason))
          throw new UsageError(`deposit-request reject needs a reason: deposit-request reject ${id} --reason "..." (3 to 500 characters)`);
        const ctx = { database: env.database, now: Date.now };
        const by = { actor: env.actor ?? CLI_SYSTEM };
        const { waits } = await refusedAsUsage(`deposit-request ${action} ${id}`, requestRefusals(id), () =>
          action === 'confirm'
            ? confirmDepositRequest(ctx, by, { id, reason, depositAccountNo: to })
            : rejectDepositRequest(ctx, by, { id, reason: reason! }),
        );
        print(
          waits
            ? waitsForSecond(`deposit request ${id}: confirming it`, waits, `deposit-request confirm ${id}`)
            : action === 'confirm'
              ? `deposit request ${id} confirmed (SUCCESS): the wallet is credited`
              : `deposit request ${id} rejected (FAILED): nothing credited`,
        );
        return true;
      }
      default:
        return false;
    }
  },
};
