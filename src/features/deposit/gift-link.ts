/** The gift link's wire cipher (§7): build-time secret, the same the server decrypts with (not a security measure). */
export const GIFTLINK_SECRET: string = import.meta.env.VITE_GIFTLINK_SECRET || 'wallet-demo-giftlink-secret';

/** Exactly `CryptoJS.AES.encrypt(link, secret).toString()`: OpenSSL passphrase mode, base64. crypto-js loads only here. */
export async function encryptGiftLink(link: string, secret = GIFTLINK_SECRET): Promise<string> {
  const { default: AES } = await import('crypto-js/aes');
  return AES.encrypt(link, secret).toString();
}
