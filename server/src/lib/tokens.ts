import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 256 random bits, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
export const sixDigits = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
/** A short reference shown beside the OTP field so the member can match it to the SMS. */
export const otpRef = () => randomBytes(3).toString('hex').toUpperCase();
