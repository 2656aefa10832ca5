import { Type, type Static } from 'typebox';

/**
 * The deposit contract between the site and the server (§3, §7): slip uploads, payment QR codes, gift
 * links, manual requests and the slip status list. The site imports these types with `import type`.
 * Money on the wire is in the member's currency (at most 2 decimals); amounts are refused with a code,
 * never rounded.
 */

/** The providers a payment QR can be made for (§7 QR, §9). */
export const QR_PROVIDERS = ['KBANK', 'WW', 'ZAPMAN'] as const;
export type QrProvider = (typeof QR_PROVIDERS)[number];
export const QrProviderParam = Type.Object({ bankCode: Type.Union(QR_PROVIDERS.map((p) => Type.Literal(p))) });

/** §3 QR code state: `hasQrcode: false` when the member has no open code for that provider. */
export const QrState = Type.Object({
  hasQrcode: Type.Boolean(),
  qrcodeId: Type.Optional(Type.String({ description: 'opaque id of the open code' })),
  qrcode: Type.Optional(Type.String({ description: 'the code drawn as SVG markup' })),
  payload: Type.Optional(Type.String({ description: 'the EMVCo payload the SVG encodes' })),
  amount: Type.Optional(Type.Number()),
  expireIn: Type.Optional(Type.Number({ description: 'when the code expires, epoch milliseconds' })),
  message: Type.Optional(Type.String({ description: 'on failure, the code of what went wrong' })),
  maximum: Type.Optional(
    Type.Number({ description: "GET: the most a new code of this provider may ask for, in the member's currency (more is QR_MAXIMUM)" }),
  ),
});
export type QrState = Static<typeof QrState>;
export const QrCreateBody = Type.Object({ amount: Type.Number() });

/** GET /api/qrcode/code/{qrcodeId}: what became of one of the member's codes (OPEN, PAID, or CLOSED: cancelled, expired, failed). */
export const QrOutcome = Type.Object({
  status: Type.Union([Type.Literal('OPEN'), Type.Literal('PAID'), Type.Literal('CLOSED')]),
  amount: Type.Number({ description: "the code's amount, in the member's currency" }),
});
export type QrOutcome = Static<typeof QrOutcome>;

/** POST /api/wallet/truelink: the gift link, AES-encrypted on the client (crypto-js passphrase mode). */
export const TruelinkBody = Type.Object({ link: Type.String({ minLength: 1, maxLength: 4096 }) });
export const TruelinkResponse = Type.Object({ message: Type.Literal('SUCCESS'), amount: Type.Number() });
export type TruelinkResponse = Static<typeof TruelinkResponse>;

/** POST /api/wallet/add: a manual deposit request the operator confirms or rejects. */
/**
 * POST /api/wallet/add. `transferredAt` (optional): when the member made the transfer, for the clerk who looks
 * for it on the statement; within deposit-rules.ts transferTimeFits (two days back, a phone's clock a few minutes
 * ahead), else 400 DEPOSIT_TRANSFER_TIME.
 */
export const DepositRequestBody = Type.Object({
  amount: Type.Number(),
  transferredAt: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
});
export type DepositRequestBody = Static<typeof DepositRequestBody>;

export const DepositRequestResponse = Type.Object({ message: Type.Literal('SUCCESS'), requestId: Type.Integer() });

/**
 * POST /api/wallet/slip (multipart, field `file`): the slip is stored and answered at once with
 * status PROCESSING; verification runs after. The `Idempotency-Key` header (the outbox's client id)
 * makes a retried upload answer as the first one did.
 */
export const SlipUploadResponse = Type.Object({
  message: Type.Literal('SUCCESS'),
  reference: Type.String({ description: 'the slip upload reference (server-made), as listed by /api/statement/slip' }),
  status: Type.Literal('PROCESSING'),
});
export type SlipUploadResponse = Static<typeof SlipUploadResponse>;

/** One uploaded slip as the member sees it (§3 Slip). */
export const SlipItem = Type.Object({
  createdAt: Type.String({ format: 'date-time', description: 'when the slip was received' }),
  amount: Type.Number({ description: 'the verified amount; 0 while unknown' }),
  status: Type.String({ description: 'SUCCESS, FAILED, or anything else (PROCESSING, REVIEW): in progress' }),
  note: Type.Union([Type.String(), Type.Null()], { description: 'for FAILED: the code of the reason (SLIP_EXPIRED, ...)' }),
  link: Type.Boolean({ description: 'whether the slip image can be viewed (GET /api/statement/slip/reference/{reference})' }),
  reference: Type.String({ description: 'the slip upload reference (server-made)' }),
});
export type SlipItem = Static<typeof SlipItem>;
export const SlipListResponse = Type.Object({ total: Type.Integer(), slips: Type.Array(SlipItem) });
export type SlipListResponse = Static<typeof SlipListResponse>;
export const SlipReferenceParam = Type.Object({ reference: Type.String({ minLength: 1, maxLength: 64 }) });
export const SlipImageUrl = Type.Object({ url: Type.String({ description: 'a short-lived signed URL of the slip image' }) });
export type SlipImageUrl = Static<typeof SlipImageUrl>;
