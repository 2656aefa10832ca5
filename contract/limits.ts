import type { QrProvider } from './deposit.js';

/**
 * §9 limits the site checks to explain before a call and the server checks again to refuse it with a §8
 * code: each written once, here, so the two cannot drift apart. Amounts are in the member's currency
 * (major units); the server turns them into minor units.
 */

/** The least one transfer between the wallet and a game moves (TRANSFER_MINIMUM). */
export const TRANSFER_MINIMUM = 1;

/** The least a wallet gift link may credit (§5), in baht: TrueMoney's vouchers are in baht, offered to baht holders only (TRUELINK_MINIMUM). */
export const GIFT_LINK_MINIMUM = 2;

/** The least a payment QR may ask for, per provider (QR_MINIMUM); the site does not send a KBANK code below it. */
export const QR_MINIMUM: Readonly<Record<QrProvider, number>> = { KBANK: 1, WW: 100, ZAPMAN: 100 };

/** The longest chat text, in characters (CHAT_TOO_LONG). */
export const CHAT_TEXT_MAX = 2000;

/** The largest chat attachment per kind, in MB of 1024 × 1024 bytes (CHAT_FILE_TOO_LARGE). */
export const CHAT_MEDIA_MAX_MB = { image: 10, video: 20 } as const;

/** How many notices GET /api/push/notices answers at most: a shorter list is all the unseen ones. */
export const NOTICES_LISTED = 20;
