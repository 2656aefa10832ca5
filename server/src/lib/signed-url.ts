import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived links to a member's own files (a slip image): the API hands out `path?e=<expiry>&s=<sig>`
 * after checking whose file it is, and the file route only checks the signature and the expiry, so an
 * <img> or a new tab can open it without the API's headers.
 */
export class UrlSigner {
  constructor(private readonly key: Buffer) {}

  private sign(path: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${path}\n${expires}`).digest('base64url');
  }

  url(path: string, now: number, ttlMs: number): string {
    const expires = now + ttlMs;
    return `${path}?e=${expires}&s=${this.sign(path, expires)}`;
  }

  /** True when the signature is ours for this path and the link has not expired. */
  verify(path: string, expires: string | undefined, signature: string | undefined, now: number): boolean {
    if (!expires || !/^\d{1,15}$/.test(expires) || !signature) return false;
    const e = Number(expires);
    if (e < now) return false;
    const expected = Buffer.from(this.sign(path, e));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

/** A key for one purpose, derived from the server's secret key, so one secret serves several uses. */
export const deriveKey = (secret: Buffer, purpose: string): Buffer => createHmac('sha256', secret).update(purpose).digest();
