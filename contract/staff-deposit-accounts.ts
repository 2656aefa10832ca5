import { Type, type Static } from 'typebox';
import { Nullable } from './nullable.js';

/**
 * Deposit accounts in the staff console (issue 39): the `deposit` setting's accounts members transfer to
 * (bankType DEPOSIT), per currency. Admins change them; finance may read (agents 403 STAFF_FORBIDDEN).
 *
 * - Adding an account (or rotating: adding one and retiring another when it is approved) is a proposal of a
 *   new `deposit` value (the settings' proposals, contract/staff-settings.ts) that a second admin approves
 *   with POST /api/staff/settings/proposals/:id/approve; the proposer may withdraw it (.../reject) but never
 *   approve it (403 FOUR_EYES). One change of the deposit setting waits at a time (409 SETTING_PROPOSAL_PENDING).
 * - Retiring is one admin's, at once: members are no longer shown the account; a slip of a transfer to it
 *   made within `graceHours` of its retirement is still credited.
 * Every change has a reason (400 REASON_REQUIRED) and its audit row (target `setting:deposit`).
 */

export const DEPOSIT_CURRENCIES = ['BAHT', 'LAK'] as const;
const Currency = Type.Union([Type.Literal('BAHT'), Type.Literal('LAK')]);

export const DepositAccount = Type.Object({
  /** What names it in a retirement: bank type, bank, number and currency. */
  key: Type.String(),
  bankCode: Type.String(),
  nameTH: Type.String(),
  nameEN: Type.String(),
  /** The bank's Lao name, null where there is none. */
  nameLA: Nullable(Type.String()),
  bankAccountNo: Type.String(),
  /** As the Thai site shows it (the setting may hold one per language). */
  bankAccountName: Type.String(),
  currency: Currency,
  mode: Type.String(),
  /** When it was retired; null while active. */
  retiredAt: Nullable(Type.String({ format: 'date-time' })),
});
export type DepositAccount = Static<typeof DepositAccount>;

/** The deposit setting's change waiting for a second admin, as accounts: those it adds and those it retires. */
export const DepositAccountProposal = Type.Object({
  id: Type.Integer(),
  reason: Type.String(),
  proposedBy: Type.String(),
  proposedAt: Type.String({ format: 'date-time' }),
  adds: Type.Array(DepositAccount),
  retires: Type.Array(Type.String({ description: 'keys of the accounts it retires' })),
});
export type DepositAccountProposal = Static<typeof DepositAccountProposal>;

/** GET /api/staff/deposit-accounts: active accounts first, then retired ones, newest retirement first. */
export const DepositAccountList = Type.Object({
  accounts: Type.Array(DepositAccount),
  pending: Nullable(DepositAccountProposal),
  graceHours: Type.Integer(),
});
export type DepositAccountList = Static<typeof DepositAccountList>;

/**
 * POST /api/staff/deposit-accounts: proposes a new account (a bank of GET /api/staff/banks, else 400
 * INVALID_BANK; 6 to 20 digits, else 400 KEY_INVALID), and with `retire` an account it replaces once approved.
 * One active already with that bank, number and currency: 409 DEPOSIT_ACCOUNT_EXISTS. Answers the list.
 */
export const DepositAccountAddBody = Type.Object({
  bankCode: Type.String({ maxLength: 16 }),
  bankAccountNo: Type.String({ maxLength: 32 }),
  bankAccountName: Type.String({ minLength: 1, maxLength: 100 }),
  currency: Currency,
  retire: Type.Optional(Type.String({ maxLength: 200 })),
  reason: Type.String({ maxLength: 500 }),
});
export type DepositAccountAddBody = Static<typeof DepositAccountAddBody>;

/** POST /api/staff/deposit-accounts/retire: retires an active account at once; one not active (or not known): 404 DEPOSIT_ACCOUNT_UNKNOWN. */
export const DepositAccountRetireBody = Type.Object({ key: Type.String({ maxLength: 200 }), reason: Type.String({ maxLength: 500 }) });
export type DepositAccountRetireBody = Static<typeof DepositAccountRetireBody>;

/** Only digits, 6 to 20 of them. */
export const ACCOUNT_NO_PATTERN = /^\d{6,20}$/;
