import webpush from 'web-push';

/** The VAPID key pair notifications are signed with, and the contact push services are given (RFC 8292). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** A device's subscription as the browser gave it (PushSubscription.toJSON()), its keys base64url. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * What the push service said (RFC 8030 §5, §7): `sent` (2xx, it holds the message for the device);
 * `gone` (404 or 410: the subscription ended; 403: it was made for another key pair; 400: the push
 * service will never take it), the subscription is dropped; `retry` (429, 5xx, no answer, a redirect):
 * the message is tried again later.
 */
export type PushOutcome = 'sent' | 'gone' | 'retry';

export interface PushSender {
  readonly publicKey: string;
  send(target: PushTarget, payload: string, ttlSeconds: number): Promise<PushOutcome>;
}

/** Thrown for an outcome that is no answer (counted in wallet_provider_faults_total{provider="push"}). */
export class PushUnanswered extends Error {}

/**
 * Web Push through the `web-push` package's encryption (aes128gcm, RFC 8291) and VAPID headers, sent
 * with fetch (web-push's own sender speaks only https, and a local push service in tests speaks http),
 * within `timeoutMs`, never following a redirect.
 */
export class WebPushSender implements PushSender {
  constructor(
    private readonly keys: VapidKeys,
    private readonly timeoutMs: number,
  ) {}

  get publicKey(): string {
    return this.keys.publicKey;
  }

  async send(target: PushTarget, payload: string, ttlSeconds: number): Promise<PushOutcome> {
    const request = requestOf(this.keys, target, payload, ttlSeconds);
    let response: Response;
    try {
      response = await fetch(request.endpoint, {
        method: 'POST',
        headers: request.headers,
        body: request.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      await response.arrayBuffer().catch(() => undefined);
    } catch (err) {
      throw new PushUnanswered(`push service did not answer: ${(err as Error).message}`);
    }
    if (response.status >= 200 && response.status < 300) return 'sent';
    if ([400, 403, 404, 410].includes(response.status)) return 'gone';
    throw new PushUnanswered(`push service answered ${response.status}`);
  }
}

/** The encrypted request for one device; throws when the subscription's keys are not a P-256 key and a 16-byte secret. */
function requestOf(keys: VapidKeys, target: PushTarget, payload: string, ttlSeconds: number) {
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    payload,
    {
      vapidDetails: keys,
      TTL: ttlSeconds,
      urgency: 'high',
      contentEncoding: 'aes128gcm',
    },
  );
  // fetch sets the length itself from the body
  const headers = Object.fromEntries(Object.entries(details.headers).filter(([name]) => name.toLowerCase() !== 'content-length')) as Record<
    string,
    string
  >;
  return { endpoint: details.endpoint, headers, body: details.body as Buffer };
}

/**
 * Whether a subscription can be written to at all: its keys are a P-256 public key (65 bytes) and a
 * 16-byte secret, base64url, and a message encrypts to them. Checked before it is kept.
 */
export function canEncryptTo(target: Pick<PushTarget, 'p256dh' | 'auth'>): boolean {
  const bytes = (value: string) => (/^[A-Za-z0-9_-]+=*$/.test(value) ? Buffer.from(value, 'base64url').length : -1);
  if (bytes(target.p256dh) !== 65 || bytes(target.auth) !== 16) return false;
  try {
    webpush.encrypt(target.p256dh, target.auth, 'check', 'aes128gcm');
    return true;
  } catch {
    return false;
  }
}

/** A new key pair (npx web-push generate-vapid-keys makes the same). */
export const newVapidKeys = () => webpush.generateVAPIDKeys();
