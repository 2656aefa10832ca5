import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * The gift voucher service (TrueMoney gift links, §7 Wallet). `inspect` is read-only; `redeem` takes
 * the whole voucher for one ref, once: asking it again with the same ref answers the same.
 */
export type VoucherState = { state: 'unknown' } | { state: 'redeemed'; ref: string } | { state: 'available'; amountMinor: number };

export interface VoucherService {
  inspect(code: string): Promise<VoucherState>;
  /**
   * True when the voucher is now redeemed for `ref`, false when it is not (taken by another ref, unknown,
   * expired). Asking again with the same ref answers the same, so it also tells how an earlier call ended.
   */
  redeem(code: string, ref: string): Promise<boolean>;
}

export class VoucherError extends Error {}

export const VOUCHER_LINK_PREFIX = 'https://gift.truemoney.com/campaign/?v=';

/**
 * The built-in voucher service, with its own table. Told to `fail` (providerFaults.VOUCHER) it refuses
 * every call; told to `hang` it does the work and then never answers (the redemption may have
 * happened: only asking later tells).
 */
export class SandboxVouchers implements VoucherService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly fault: () => string | undefined,
    private readonly now: () => number,
  ) {}

  /** `fail`/`hang` touch every call; `fail-transfers`/`hang-transfers` only redemptions. */
  private applies(redeeming: boolean): string | undefined {
    const fault = this.fault();
    return fault === 'fail' || fault === 'hang' || (redeeming && fault !== undefined) ? fault : undefined;
  }

  private refuse(redeeming: boolean): void {
    if (this.applies(redeeming)?.startsWith('fail')) throw new VoucherError('sandbox voucher service told to fail');
  }

  private async hangIfTold(redeeming: boolean): Promise<void> {
    if (this.applies(redeeming)?.startsWith('hang')) await new Promise(() => undefined);
  }

  async inspect(code: string): Promise<VoucherState> {
    this.refuse(false);
    const v = await this.db.selectFrom('sandbox_vouchers').selectAll().where('code', '=', code).executeTakeFirst();
    await this.hangIfTold(false);
    if (!v || v.expires_at <= this.now()) return { state: 'unknown' };
    if (v.redeemed_ref !== null) return { state: 'redeemed', ref: v.redeemed_ref };
    return { state: 'available', amountMinor: Number(v.amount) };
  }

  async redeem(code: string, ref: string): Promise<boolean> {
    this.refuse(true);
    await this.db
      .updateTable('sandbox_vouchers')
      .set({ redeemed_ref: ref })
      .where('code', '=', code)
      .where('redeemed_ref', 'is', null)
      .where('expires_at', '>', this.now())
      .execute();
    const v = await this.db.selectFrom('sandbox_vouchers').select('redeemed_ref').where('code', '=', code).executeTakeFirst();
    await this.hangIfTold(true);
    return v?.redeemed_ref === ref;
  }

  /** The operator's `giftlink make`: a new voucher of that many satang, valid 30 days; answers its link. */
  async make(amountMinor: number): Promise<string> {
    // the shape of a real voucher code: 35 alphanumerics (43 base64 characters, a few dropped, leave enough)
    const code = randomBytes(32)
      .toString('base64')
      .replace(/[^0-9A-Za-z]/g, '')
      .slice(0, 35)
      .padEnd(35, '0');
    const now = this.now();
    await this.db
      .insertInto('sandbox_vouchers')
      .values({ code, amount: amountMinor, redeemed_ref: null, created_at: now, expires_at: now + 30 * 86_400_000 })
      .execute();
    return VOUCHER_LINK_PREFIX + code;
  }
}
