import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/transaction.js';
import { ApiError, badRequest, conflict } from '../../lib/errors.js';
import { accountKey, isRetired, RETIRED_GRACE_MS, type Deposit, type DepositBank } from '../../settings/deposit-accounts.js';
import { inLanguage } from '../../settings/registry.js';
import { checkSettingValue, lockedSetting, readAllSettings, writeSetting } from '../../settings/store.js';
import { pendingProposals, proposeSetting } from '../adjustments/service.js';
import { recordAudit, type By } from '../audit/service.js';
import {
  ACCOUNT_NO_PATTERN,
  type DepositAccount,
  type DepositAccountAddBody,
  type DepositAccountList,
} from '../../../../contract/staff-deposit-accounts.js';

/**
 * The console's deposit accounts (contract/staff-deposit-accounts.ts): the `deposit` setting's DEPOSIT
 * accounts read, added by proposal (a second admin approves it: adjustments/policy-settings.ts) and retired
 * by one admin. The settings' own rules of who may change what are in settings/deposit-accounts.ts.
 */

type Books = Pick<AppContext, 'database' | 'now'>;

const iso = (ms: number) => new Date(ms).toISOString();

/** The banks' Lao names, for an account whose setting has none (the Thai site's seeded account): the console in Lao says them. */
const laoNamesOf = async (ctx: Books) =>
  new Map((await ctx.database.db.selectFrom('banks').select(['code', 'name_la']).execute()).map((b) => [b.code, b.name_la]));

const viewOf = (b: DepositBank, now: number, laoNames: Map<string, string | null>): DepositAccount => ({
  key: accountKey(b),
  bankCode: b.bankCode,
  nameTH: b.nameTH,
  nameEN: b.nameEN,
  nameLA: b.nameLA ?? laoNames.get(b.bankCode) ?? null,
  bankAccountNo: b.bankAccountNo,
  bankAccountName: inLanguage(b.bankAccountName, 'th'),
  currency: b.currency,
  mode: b.mode,
  retiredAt: isRetired(b, now) ? iso(b.retiredAt!) : null,
});

const current = async (ctx: Books): Promise<Deposit> => {
  const deposit = (await readAllSettings(ctx.database.db)).deposit;
  if (!deposit) throw new Error('the deposit setting is missing (seed did not run?)');
  return deposit;
};

/** Every deposit account, active first, and the change waiting for a second admin as the accounts it adds and retires. */
export async function depositAccountList(ctx: Books): Promise<DepositAccountList> {
  const now = ctx.now();
  const deposit = await current(ctx);
  const laoNames = await laoNamesOf(ctx);
  const accounts = deposit.banks
    .filter((b) => b.bankType === 'DEPOSIT')
    .map((b) => viewOf(b, now, laoNames))
    .sort(
      (a, b) =>
        Number(a.retiredAt !== null) - Number(b.retiredAt !== null) ||
        (b.retiredAt ?? '').localeCompare(a.retiredAt ?? '') ||
        a.currency.localeCompare(b.currency),
    );
  const proposal = (await pendingProposals(ctx.database.db)).get('deposit');
  let pending: DepositAccountList['pending'] = null;
  if (proposal) {
    const proposed = proposal.value as Deposit;
    const activeNow = new Set(deposit.banks.filter((b) => !isRetired(b, now)).map(accountKey));
    const activeAfter = new Set(proposed.banks.filter((b) => b.retiredAt === undefined).map(accountKey));
    pending = {
      id: proposal.id,
      reason: proposal.reason,
      proposedBy: proposal.proposedBy,
      proposedAt: iso(proposal.proposedAt),
      adds: proposed.banks.filter((b) => b.retiredAt === undefined && !activeNow.has(accountKey(b))).map((b) => viewOf(b, now, laoNames)),
      retires: [...activeNow].filter((key) => !activeAfter.has(key)),
    };
  }
  return { accounts, pending, graceHours: RETIRED_GRACE_MS / 3_600_000 };
}

/**
 * Proposes a new deposit account (and the retirement of the one it replaces, dated when a second admin
 * approves it): a proposal of the `deposit` setting with the account added, audited as `settings.propose`.
 */
export async function proposeDepositAccount(ctx: Books, by: By, input: DepositAccountAddBody & { reason: string }): Promise<void> {
  const now = ctx.now();
  const accountNo = input.bankAccountNo.replace(/[\s-]/g, '');
  if (!ACCOUNT_NO_PATTERN.test(accountNo)) throw badRequest('KEY_INVALID');
  const bank = await ctx.database.db
    .selectFrom('banks')
    .select(['code', 'name_th', 'name_la', 'name_en'])
    .where('code', '=', input.bankCode)
    .executeTakeFirst();
  if (!bank) throw badRequest('INVALID_BANK');
  const deposit = await current(ctx);
  const added: DepositBank = {
    bankCode: bank.code,
    bankType: 'DEPOSIT',
    mode: 'AUTO',
    nameTH: bank.name_th,
    nameEN: bank.name_en,
    ...(bank.name_la ? { nameLA: bank.name_la } : {}),
    bankAccountName: input.bankAccountName.trim(),
    bankAccountNo: accountNo,
    currency: input.currency,
  };
  const key = accountKey(added);
  if (deposit.banks.some((b) => accountKey(b) === key && !isRetired(b, now))) throw conflict('DEPOSIT_ACCOUNT_EXISTS');
  if (
    input.retire !== undefined &&
    !deposit.banks.some((b) => b.bankType === 'DEPOSIT' && accountKey(b) === input.retire && !isRetired(b, now))
  )
    throw new ApiError(404, 'DEPOSIT_ACCOUNT_UNKNOWN');
  const banks = deposit.banks
    // the same account retired before comes back as the new entry
    .filter((b) => accountKey(b) !== key)
    // marked retired; the approval dates it (settings/deposit-accounts.ts approvedDeposit)
    .map((b) => (accountKey(b) === input.retire ? { ...b, retiredAt: now } : b));
  const value = checkSettingValue('deposit', { ...deposit, banks: [...banks, added] });
  await proposeSetting(ctx, by, { key: 'deposit', value, reason: input.reason });
}

/** Retires an active deposit account at once (one admin: it only narrows where money goes), audited as `deposit-account.retire`. */
export async function retireDepositAccount(ctx: Books, by: By, input: { key: string; reason: string }): Promise<void> {
  const now = ctx.now();
  await withTransaction(ctx.database, async (tx) => {
    // locked: a retirement, an approval or a change made at the same moment waits, and keeps this one
    const deposit = await lockedSetting(tx, 'deposit');
    const account = deposit?.banks.find((b) => b.bankType === 'DEPOSIT' && accountKey(b) === input.key && !isRetired(b, now));
    if (!deposit || !account) throw new ApiError(404, 'DEPOSIT_ACCOUNT_UNKNOWN');
    const retired = { ...account, retiredAt: now };
    await writeSetting(tx, 'deposit', { ...deposit, banks: deposit.banks.map((b) => (b === account ? retired : b)) });
    await recordAudit(tx, by.actor, {
      action: 'deposit-account.retire',
      target: 'setting:deposit',
      before: account,
      after: retired,
      reason: input.reason,
      ip: by.ip ?? null,
      at: now,
    });
  });
}
