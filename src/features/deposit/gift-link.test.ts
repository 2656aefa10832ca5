import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import { describe, expect, it } from 'vitest';
import { encryptGiftLink, GIFTLINK_SECRET } from './gift-link';

describe('the gift link cipher', () => {
  it('is what CryptoJS.AES.decrypt opens with the shared secret, and a new ciphertext each time', async () => {
    const link = 'https://gift.truemoney.com/campaign/?v=019a2b3c4d5e6f7a8b9c0d1e2f';
    const a = await encryptGiftLink(link);
    const b = await encryptGiftLink(link);
    expect(a).not.toBe(b); // salted
    expect(a.startsWith('U2FsdGVkX1')).toBe(true); // "Salted__", OpenSSL's format
    expect(AES.decrypt(a, GIFTLINK_SECRET).toString(Utf8)).toBe(link);
    expect(GIFTLINK_SECRET).toBe('wallet-demo-giftlink-secret');
  });
});
