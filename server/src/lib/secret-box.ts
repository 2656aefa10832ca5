import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export const SEALED_PREFIX = 'v1:';

/**
 * AES-256-GCM for secrets we must be able to show again (a member's game password): each value gets
 * its own random 96-bit IV, and `context` (the row it belongs to) is authenticated with it, so a
 * sealed value copied into another row does not open. Stored as `v1:<iv>:<tag>:<ciphertext>`, base64url.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('SecretBox needs a 32-byte key');
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return SEALED_PREFIX + [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join(':');
  }

  /** Throws when the value was not sealed with this key and context (wrong key, tampered, another row). */
  open(sealed: string, context: string): string {
    const parts = sealed.startsWith(SEALED_PREFIX) ? sealed.slice(SEALED_PREFIX.length).split(':') : [];
    if (parts.length !== 3) throw new Error('not a sealed value');
    const [iv, tag, data] = parts.map((p) => Buffer.from(p, 'base64url')) as [Buffer, Buffer, Buffer];
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  }
}
