import type { AppContext } from '../../context.js';
import type { Member } from '../../db/schema.js';
import type { Tx } from '../../db/transaction.js';
import { type ApiError, badRequest, conflict, isUniqueViolation } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/password.js';
import { coinsOf } from '../../ledger/coins.js';
import { refreshCoins } from '../spinwheel/service.js';
import { consumeVerifiedOtp, findUsableOtp } from '../otp/service.js';
import { LIMITS } from '../../lib/rate-limit.js';
import {
  accountNameRule,
  BANK_COUNTRY,
  accountNoRule,
  cleanName,
  inviterIdFromCode,
  nameRule,
  normaliseAccountName,
  passwordRule,
  phoneRule,
  requiresEnglishName,
} from '../../../../contract/account-rules.js';
import type { ProfileResponse, ProfileUpdateBody, RegistrationBody } from '../../../../contract/account.js';

/** How long a verified OTP stays good for registering that phone. */
export const OTP_VERIFIED_VALID_MS = 30 * 60_000;

function check(code: string | undefined): void {
  if (code) throw badRequest(code);
}

/** A bank we know; at registration, one of the site's country (a Lao member registers a Lao bank). */
async function assertBank(ctx: AppContext, bankCode: string, registering = false): Promise<void> {
  let q = ctx.database.db.selectFrom('banks').select('code').where('code', '=', bankCode);
  if (registering) q = q.where('country', '=', BANK_COUNTRY[ctx.config.variant]);
  if (!(await q.executeTakeFirst())) throw badRequest('INVALID_BANK');
}

async function assertBankAccountFree(ctx: AppContext, bankCode: string, accountNo: string, exceptMember?: number): Promise<void> {
  let q = ctx.database.db.selectFrom('members').select('id').where('bank_code', '=', bankCode).where('bank_account_no', '=', accountNo);
  if (exceptMember !== undefined) q = q.where('id', '!=', exceptMember);
  if (await q.executeTakeFirst()) throw conflict('EXISTING_BANK');
}

/**
 * While registerOTP is on, a registration (and its validate call) must carry the token of an OTP
 * verified for this very phone, not yet used and verified recently: knowing a phone number is not enough.
 */
async function assertVerifiedOtp(ctx: AppContext, phone: string, otpToken: string | undefined): Promise<void> {
  if (!ctx.settings.get('registerOTP')) return;
  if (!otpToken) throw badRequest('UNVERIFIED_OTP');
  const usable = { token: otpToken, phone, purpose: 'register' as const, verifiedAfter: ctx.now() - OTP_VERIFIED_VALID_MS };
  if (!(await findUsableOtp(ctx.database.db, usable))) throw badRequest('UNVERIFIED_OTP');
}

export async function assertPhoneFree(ctx: AppContext, phone: string): Promise<void> {
  const taken = await ctx.database.db.selectFrom('members').select('id').where('phone', '=', phone).executeTakeFirst();
  if (taken) throw conflict('EXISTING_USER');
}

interface Checked {
  inviterId: number | null;
  sourceCode: string | null;
}

/**
 * Applies every §5 rule to what was given. `partial` (the profile step's validate call) skips the bank
 * fields while they are still empty, as the member has not reached that step yet.
 */
export async function checkRegistration(ctx: AppContext, body: RegistrationBody, partial: boolean): Promise<Checked> {
  check(phoneRule(body.username, ctx.config.variant));
  check(nameRule(body.name));
  check(passwordRule(body.password));
  await assertPhoneFree(ctx, body.username);
  await assertVerifiedOtp(ctx, body.username, body.otpToken);

  let sourceCode: string | null = null;
  if (body.sourceCode) {
    const source = await ctx.database.db.selectFrom('sources').select('code').where('code', '=', body.sourceCode).executeTakeFirst();
    if (!source) throw badRequest('INVALID_USER_INFO');
    sourceCode = source.code;
  }
  let inviterId: number | null = null;
  if (body.inviteCode) {
    const id = inviterIdFromCode(body.inviteCode);
    const inviter =
      id === undefined ? undefined : await ctx.database.db.selectFrom('members').select('id').where('id', '=', id).executeTakeFirst();
    if (!inviter) throw badRequest('INVALID_INVITE_CODE');
    inviterId = inviter.id;
  }

  const bankGiven = body.bankCode !== '' || body.bankAccountName !== '' || body.bankAccountNo !== '';
  if (!partial || bankGiven) {
    await assertBank(ctx, body.bankCode, true);
    check(accountNameRule(body.bankCode, body.bankAccountName));
    check(accountNoRule(body.bankAccountNo));
    await assertBankAccountFree(ctx, body.bankCode, body.bankAccountNo);
  }
  return { inviterId, sourceCode };
}

function currencyFor(ctx: AppContext, requested: RegistrationBody['currency']): Member['currency'] {
  return ctx.config.variant === 'la' ? (requested ?? 'LAK') : 'BAHT';
}

/** Maps a unique-constraint race (two registrations at once) to the code the loser would have got. */
function uniqueViolation(err: unknown): ApiError | undefined {
  if (!isUniqueViolation(err)) return undefined;
  return String((err as { message?: unknown })?.message ?? '').includes('phone') ? conflict('EXISTING_USER') : conflict('EXISTING_BANK');
}

export async function register(ctx: AppContext, body: RegistrationBody, passwordHash: string): Promise<void> {
  const checked = await checkRegistration(ctx, body, false);
  const now = ctx.now();
  const requireOtp = ctx.settings.get('registerOTP');
  try {
    await ctx.database.db.transaction().execute(async (trx) => {
      if (requireOtp) {
        // the checked token is used up here, in the member's transaction: two registrations on one token, one wins
        const usable = {
          token: body.otpToken ?? '',
          phone: body.username,
          purpose: 'register' as const,
          verifiedAfter: now - OTP_VERIFIED_VALID_MS,
        };
        if (!(await consumeVerifiedOtp(trx, { ...usable, now }))) throw badRequest('UNVERIFIED_OTP');
      }
      await trx
        .insertInto('members')
        .values({
          phone: body.username,
          name: cleanName(body.name),
          password_hash: passwordHash,
          status: 'active',
          currency: currencyFor(ctx, body.currency),
          bank_code: body.bankCode,
          bank_account_name: normaliseAccountName(body.bankAccountName),
          bank_account_no: body.bankAccountNo,
          source_code: checked.sourceCode,
          inviter_id: checked.inviterId,
          created_at: now,
        })
        .execute();
    });
  } catch (err) {
    throw uniqueViolation(err) ?? err;
  }
}

export async function getProfile(ctx: AppContext, memberId: number): Promise<ProfileResponse> {
  // the coins shown include those a deposit's play has just earned
  await refreshCoins(ctx, memberId);
  const row = await ctx.database.db
    .selectFrom('members')
    .innerJoin('banks', 'banks.code', 'members.bank_code')
    .select([
      'members.id',
      'members.name',
      'members.phone',
      'members.currency',
      'members.created_at',
      'members.bank_code',
      'members.bank_account_name',
      'members.bank_account_no',
      'banks.name_th',
      'banks.name_en',
    ])
    .where('members.id', '=', memberId)
    .executeTakeFirstOrThrow();
  // coins live in the ledger (ledger/coins.ts); members.coin of migration 0001 is no longer read
  return profileOf(row, await coinsOf(ctx.database.db, memberId));
}

/** The profile and bank account as GET /api/account/profile and GET /api/wallet show them, from the member's row with its bank's names. */
export function profileOf(
  row: {
    id: number;
    name: string;
    phone: string;
    currency: string;
    created_at: number;
    bank_code: string;
    bank_account_name: string;
    bank_account_no: string;
    name_th: string;
    name_en: string;
  },
  coins: number,
): ProfileResponse {
  return {
    profile: {
      _id: row.id,
      name: row.name,
      username: row.phone,
      coin: coins,
      currency: row.currency,
      createdAt: new Date(row.created_at).toISOString(),
    },
    bankAccount: {
      bank: { nameTH: row.name_th, nameEN: row.name_en },
      bankCode: row.bank_code,
      bankAccountName: row.bank_account_name,
      bankAccountNo: row.bank_account_no,
    },
  };
}

/**
 * A signed-in member proves it is them before a sensitive change (password, payout account): a token
 * alone is not enough. Wrong passwords are limited per member and per address, as sign-in is.
 */
export async function confirmPassword(ctx: AppContext, memberId: number, password: string, address: string): Promise<void> {
  const attempt = await ctx.limiter.attempt([
    [`password:fail:member:${memberId}`, LIMITS.passwordFailMember],
    [`password:fail:ip:${address}`, LIMITS.passwordFailAddress],
  ]);
  const member = await ctx.database.db.selectFrom('members').select('password_hash').where('id', '=', memberId).executeTakeFirstOrThrow();
  if (!(await verifyPassword(member.password_hash, password))) throw badRequest('WRONG_PASSWORD');
  await attempt.succeeded();
}

export async function updateProfile(ctx: AppContext, memberId: number, body: ProfileUpdateBody, address: string): Promise<void> {
  check(nameRule(body.name));
  await assertBank(ctx, body.bankCode);
  check(accountNameRule(body.bankCode, body.bankAccountName));
  check(accountNoRule(body.bankAccountNo));
  await assertBankAccountFree(ctx, body.bankCode, body.bankAccountNo, memberId);
  const current = await ctx.database.db
    .selectFrom('members')
    .select(['bank_code', 'bank_account_no', 'bank_account_name'])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  const bankChanged =
    current.bank_code !== body.bankCode ||
    current.bank_account_no !== body.bankAccountNo ||
    current.bank_account_name !== normaliseAccountName(body.bankAccountName);
  // withdrawals are paid to this account: whoever holds a stolen token must not redirect them
  if (bankChanged) {
    if (body.password === undefined) throw badRequest('KEY_MISSING');
    await confirmPassword(ctx, memberId, body.password, address);
  }
  try {
    await ctx.database.db
      .updateTable('members')
      .set({
        name: cleanName(body.name),
        bank_code: body.bankCode,
        bank_account_name: normaliseAccountName(body.bankAccountName),
        bank_account_no: body.bankAccountNo,
        ...(bankChanged ? { bank_changed_at: ctx.now() } : {}),
      })
      .where('id', '=', memberId)
      .execute();
  } catch (err) {
    throw uniqueViolation(err) ?? err;
  }
}

/** §2 Edit bank account name: only for the English-name banks, only the member's own bank. */
export async function updateBankAccountName(ctx: AppContext, memberId: number, bankCode: string, name: string): Promise<void> {
  const member = await ctx.database.db
    .selectFrom('members')
    .select(['bank_code', 'bank_account_name'])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  // only the member's own bank, and only one that prints English names: another bank's name is changed with the
  // rest of the payout account (PUT /profile, which asks for the password)
  if (member.bank_code !== bankCode || !requiresEnglishName(bankCode)) throw badRequest('INVALID_BANK');
  const accountName = normaliseAccountName(name);
  if (!accountName) throw badRequest('BANK_ACCOUNT_NAME_ENG');
  check(accountNameRule(bankCode, name));
  if (accountName === member.bank_account_name) return;
  // a slip sent before this change is no longer the member's to be credited by itself (deposit/sender-match.ts)
  await ctx.database.db
    .updateTable('members')
    .set({ bank_account_name: accountName, bank_changed_at: ctx.now() })
    .where('id', '=', memberId)
    .execute();
}

/** Members' rows as sign-in and password changes need them. */

export const loginMemberByPhone = (tx: Tx, phone: string) =>
  tx.selectFrom('members').select(['id', 'password_hash', 'status']).where('phone', '=', phone).executeTakeFirst();

export async function setPasswordHash(tx: Tx, memberId: number, passwordHash: string): Promise<void> {
  await tx.updateTable('members').set({ password_hash: passwordHash }).where('id', '=', memberId).execute();
}

export { revokeMemberSession, setMemberStatus } from './member-status.js';
