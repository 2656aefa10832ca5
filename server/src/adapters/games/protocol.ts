import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The game-provider protocol's signatures (docs/game-provider-protocol.md), shared by the wallet's adapter
 * (http-provider.ts) and the sandbox bridge (game-sandbox/bridge.ts). A call is signed over its timestamp,
 * its operation and its body; an answer over the call's signature, its status and its body, so an answer
 * is bound to the call it answers.
 */
export const OPERATIONS = ['open', 'balance', 'deposit', 'withdraw', 'ref', 'cancel', 'password', 'bets', 'launch'] as const;
export type Operation = (typeof OPERATIONS)[number];

/** How far a call's timestamp may be from the bridge's clock. */
export const MAX_SKEW_SECONDS = 300;

/** The protocol's error codes and the status each is answered with (the document's table). */
export const ERROR_STATUS = {
  bad_request: 400,
  bad_signature: 401,
  unknown_game: 404,
  no_account: 404,
  ref_cancelled: 409,
  ref_conflict: 409,
  insufficient_funds: 422,
  rate_limited: 429,
  unavailable: 503,
} as const;
export type BridgeErrorCode = keyof typeof ERROR_STATUS;

/** The errors that are answers about the call (it was not done, and will not be), not the bridge failing to answer. */
export const REFUSALS: ReadonlySet<string> = new Set<BridgeErrorCode>([
  'unknown_game',
  'no_account',
  'ref_cancelled',
  'ref_conflict',
  'insufficient_funds',
]);

/** Whether `code` is one of the protocol's errors. */
export const isErrorCode = (code: string): code is BridgeErrorCode => Object.hasOwn(ERROR_STATUS, code);

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

/** The call's `x-wallet-signature` (without its `v1=`). */
export const callSignature = (secret: string, timestamp: number, operation: string, body: string) =>
  hmac(secret, `${timestamp}.${operation}.${body}`);

/** The answer's `x-bridge-signature` (without its `v1=`). */
export const answerSignature = (secret: string, callSig: string, status: number, body: string) =>
  hmac(secret, `${callSig}.${status}.${body}`);

/** Whether a `v1=…` header holds this signature (compared in constant time). */
export function signedWith(header: string | undefined, expected: string): boolean {
  const given = /^v1=([0-9a-f]{64})$/.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(expected, 'hex'));
}
