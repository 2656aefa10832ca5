import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** A bank transaction as a slip names it: the sending bank's code (the Bank of Thailand's) and its reference. */
export interface BankTx {
  sendingBank: string;
  transRef: string;
}

/** A slip asked about by its mini QR: the QR's text (what a verification service takes), and the transaction it names. */
export type SlipQuestion = BankTx & { payload: string };

/** What the bank says about one transaction, as slip-verification services (EasySlip, SlipOK, the banks' open APIs) answer. */
export type BankAnswer =
  | {
      kind: 'found';
      /** The transaction the answer is about (asked by image, the verifier read it off the slip). */
      ref: BankTx;
      amount: number;
      currency: string;
      /** Account numbers as slips show them: masked but for a few digits (xxx-x-x4567-x); the sender's name with its title, the surname cut short. */
      sender: { bank: string; account: string; name: string };
      receiver: { bank: string; account: string };
      time: number;
    }
  | { kind: 'not-found' }
  /** The verifier could read no slip from what it was given (a payload it refuses, an image without a slip QR). */
  | { kind: 'unreadable' }
  /** The bank's captcha wall: the same question may work when asked again. */
  | { kind: 'captcha' };

/**
 * The outside system behind slip verification. Throws (SlipVerifierError where it can say why) or hangs
 * when it gives no answer: down, slow, our account refused, a body that is not its API; the caller times
 * it out and asks again later.
 */
export interface SlipBank {
  transaction(slip: SlipQuestion): Promise<BankAnswer>;
  /** By the slip's image, when our reader found no slip QR in it; absent where the verifier reads no images (the sandbox bank). */
  image?(image: Uint8Array, contentType: string): Promise<BankAnswer>;
}

/** A verifier's call that came to no answer; `code` (a word: timeout, quota_exceeded, malformed) names why for the log and the metrics. */
export class SlipVerifierError extends Error {
  override name = 'SlipVerifierError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export type SlipFault = 'captcha' | 'fail' | 'hang' | undefined;

/** Bank of Thailand bank codes as the slip-verify payload carries them; Lao banks get codes of the sandbox's own. */
export const SENDING_BANK: Record<string, string> = {
  BBL: '002',
  KBANK: '004',
  KTB: '006',
  TMB: '011',
  SCB: '014',
  BAY: '025',
  GSB: '030',
  BAAC: '034',
  KKP: '069',
  UOB: '024',
  BCEL: '901',
};

/**
 * Masks an account number the way Thai slips print it: only the digits 6 to 9 stay, in the bank's
 * grouping for 10 digits (xxx-x-x4567-x).
 */
export function maskAccount(account: string): string {
  const masked = account.replace(/\d/g, (d, i: number) => (i >= 5 && i <= 8 ? d : 'x'));
  return /^[\dx]{10}$/.test(masked) ? `${masked.slice(0, 3)}-${masked.slice(3, 4)}-${masked.slice(4, 9)}-${masked.slice(9)}` : masked;
}

/**
 * True when a masked account number can be this account: aligned on the full number's length, every
 * digit the bank shows equals the account's digit there; anything else it prints (x, *, •) is unknown.
 */
export function maskedMatches(masked: string, account: string): boolean {
  const m = maskedPlaces(masked);
  const a = account.replace(/\D/g, '');
  if (!m || m.length !== a.length) return false;
  return m.every((c, i) => !/\d/.test(c) || c === a[i]);
}

/** A masked account's places, separators gone; undefined when it shows fewer than 4 digits (it proves nothing). */
function maskedPlaces(masked: string): string[] | undefined {
  const m = [...masked.normalize('NFKC').replace(/[\s.-]/g, '')];
  return m.filter((c) => /\d/.test(c)).length < 4 ? undefined : m;
}

/**
 * The accounts' digits a masked account can be, as a SQL LIKE pattern (each digit shown in its place, `_`
 * for each hidden one): the rows maskedMatches would take. Undefined when it matches nothing.
 */
export function maskedPattern(masked: string): string | undefined {
  return maskedPlaces(masked)
    ?.map((c) => (/\d/.test(c) ? c : '_'))
    .join('');
}

/** A sender's name as slip services answer it: title and first name, the surname cut to its first letter ("นาย สมชาย ใ"). */
export function maskSenderName(name: string): string {
  const words = name.trim().split(/\s+/);
  const surname = words.length > 1 ? words.pop()! : '';
  return [...words, [...surname][0] ?? ''].join(' ').trim();
}

/** The sandbox bank: its own books (sandbox_bank_transfers), answering like the real services, faults by setting. */
export class SandboxBank implements SlipBank {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly fault: () => SlipFault,
  ) {}

  async transaction({ sendingBank, transRef }: SlipQuestion): Promise<BankAnswer> {
    const fault = this.fault();
    if (fault === 'fail') throw new Error('sandbox bank: service unavailable');
    if (fault === 'hang') return new Promise<never>(() => undefined);
    if (fault === 'captcha') return { kind: 'captcha' };
    const t = await this.db
      .selectFrom('sandbox_bank_transfers')
      .selectAll()
      .where('sending_bank', '=', sendingBank)
      .where('trans_ref', '=', transRef)
      .executeTakeFirst();
    if (!t) return { kind: 'not-found' };
    return {
      kind: 'found',
      ref: { sendingBank, transRef },
      amount: Number(t.amount),
      currency: t.currency,
      sender: { bank: t.from_bank, account: maskAccount(t.from_account), name: maskSenderName(t.from_name) },
      receiver: { bank: t.to_bank, account: maskAccount(t.to_account) },
      time: Number(t.transferred_at),
    };
  }
}
