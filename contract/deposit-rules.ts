import type { QrProvider } from './deposit.js';

/**
 * Which ways to deposit a member is offered, shared by the server (which refuses the others) and the
 * site (which shows only these). Pure: the site imports it without the schema library.
 */

/**
 * The currency each provider's code asks for: every one makes a Thai code (PromptPay bill payment,
 * TrueMoney), which pays baht. A kip wallet is never offered one: its amount would be read as baht.
 */
export const QR_CURRENCY: Readonly<Record<QrProvider, 'BAHT' | 'LAK'>> = { KBANK: 'BAHT', WW: 'BAHT', ZAPMAN: 'BAHT' };
/** Gift links are TrueMoney vouchers, in baht. */
const GIFT_LINK_CURRENCY = 'BAHT';

/** What the deposit lookup's entries need for the choice below. */
interface DepositOffer {
  banks: readonly { bankCode: string; bankType: string; currency: string }[];
  wallets: readonly unknown[];
}

/**
 * The ways to deposit a member holding `currency` is offered (server and site alike): the accounts
 * that take that currency, the QR providers listed for it whose codes pay in it, and the gift link
 * for a baht wallet. A baht member on the Lao site keeps the Thai QR codes; a kip member gets none.
 */
export function depositOffer<D extends DepositOffer>(deposit: D, currency: string) {
  const qrProviders = deposit.banks.filter(
    (b) => b.bankType === 'QRCODE' && b.currency === currency && QR_CURRENCY[b.bankCode as QrProvider] === currency,
  ) as D['banks'];
  return {
    accounts: deposit.banks.filter((b) => b.bankType === 'DEPOSIT' && b.currency === currency) as D['banks'],
    qrProviders,
    giftLink: deposit.wallets.length > 0 && currency === GIFT_LINK_CURRENCY,
  };
}

/** How long before a manual deposit request its transfer may have been made (contract/deposit.ts DepositRequestBody): two days. */
export const TRANSFER_TIME_MAX_AGE_MS = 48 * 3_600_000;
/** A phone's clock a little ahead of ours. */
export const TRANSFER_TIME_CLOCK_SKEW_MS = 5 * 60_000;
/** Whether a said transfer time (epoch ms) can be the transfer of a request made at `now`. */
export const transferTimeFits = (at: number, now: number): boolean =>
  Number.isFinite(at) && at <= now + TRANSFER_TIME_CLOCK_SKEW_MS && at >= now - TRANSFER_TIME_MAX_AGE_MS;
