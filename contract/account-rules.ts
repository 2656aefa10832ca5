/**
 * The §5 registration and profile rules as pure functions, shared by the server (which enforces them)
 * and the site (which explains them before the call). Each returns a §8 code, or undefined when valid.
 */

export const ENGLISH_NAME_BANKS: readonly string[] = ['KTB', 'TMB', 'BBL'];
/**
 * The banks a member of each site registers with (`banks.country`): Thai banks on the Thai site, Lao
 * banks on the Lao site. Recommended: where deposits are matched automatically (KBank and KTB, §5; BCEL,
 * the Lao site's deposit account); never a Thai bank on the Lao site.
 */
export const BANK_COUNTRY = { th: 'TH', la: 'LA' } as const satisfies Record<Variant, string>;
export const RECOMMENDED_BANKS: Readonly<Record<Variant, readonly string[]>> = { th: ['KBANK', 'KTB'], la: ['BCEL'] };
export const PHONE_LENGTH = 10;
/** A Lao number as members write it: 8 to 13 digits (020 5555 1234, 021 212 345, with or without 856). */
export const LAO_PHONE_MIN = 8;
export const LAO_PHONE_MAX = 13;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;

export type Variant = 'th' | 'la';

export function phoneRule(phone: string, variant: Variant): string | undefined {
  if (variant === 'la') {
    const digits = /^\d+$/.test(phone) && phone.length >= LAO_PHONE_MIN && phone.length <= LAO_PHONE_MAX;
    return digits ? undefined : 'PHONE_NUMBER_REQUIRE_8_TO_13_DIGIT';
  }
  return phone.length === PHONE_LENGTH && /^\d+$/.test(phone) ? undefined : 'PHONE_NUMBER_REQUIRE_10_DIGIT';
}

export function passwordRule(password: string): string | undefined {
  return password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX ? undefined : 'INVALID_USER_INFO';
}

/**
 * Control characters (C0, DEL, C1: terminal escapes, NUL) and the invisible bidi controls that reorder
 * text (marks, embeddings, overrides, isolates): never part of a name, and they disguise one on screen
 * and in the operator's terminal.
 */
export const UNSAFE_TEXT = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/** The text without control and bidi-control characters (as typed: not trimmed). */
export function stripUnsafe(text: string): string {
  return text.replace(UNSAFE_TEXT, '');
}

/** Unsafe characters but the line feed and the tab (UNSAFE_TEXT without them). */
const UNSAFE_IN_LINES = /(?![\n\t])[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/** Text of several lines (a chat message): control and bidi-control characters stripped, its line feeds and tabs kept. */
export function stripUnsafeInLines(text: string): string {
  return text.replace(UNSAFE_IN_LINES, '');
}

/**
 * Text with nothing to read in it: spaces of any kind (the ideographic one too), line breaks and the invisible
 * format characters (zero-width space and joiners, the byte-order mark, a soft hyphen). Not a name, not a message.
 */
export function isBlankText(text: string): boolean {
  return !/[^\s\p{Z}\p{Cf}\p{Cc}]/u.test(text);
}

/** A member's name as stored: unsafe characters stripped, trimmed. */
export function cleanName(name: string): string {
  return stripUnsafe(name).trim();
}

export function nameRule(name: string): string | undefined {
  const trimmed = cleanName(name);
  // half a character (a lone UTF-16 surrogate) would be stored as the replacement mark
  const readable = !isBlankText(trimmed) && !/\p{Cs}/u.test(trimmed);
  return readable && trimmed.length <= NAME_MAX ? undefined : 'INVALID_USER_INFO';
}

/** Trimmed, inner runs of spaces collapsed, upper-cased: the form a bank prints. */
export function normaliseAccountName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toUpperCase();
}

export function requiresEnglishName(bankCode: string): boolean {
  return ENGLISH_NAME_BANKS.includes(bankCode);
}

export function isEnglishName(name: string): boolean {
  return /^[A-Za-z ]+$/.test(name);
}

/** Rule for a bank account holder name, applied to the normalised name. */
export function accountNameRule(bankCode: string, name: string): string | undefined {
  const normal = normaliseAccountName(name);
  if (!normal || normal.length > NAME_MAX) return 'INVALID_USER_INFO';
  if (requiresEnglishName(bankCode)) return isEnglishName(normal) ? undefined : 'BANK_ACCOUNT_NAME_ENG';
  return /^[\p{L}\p{M} .]+$/u.test(normal) ? undefined : 'INVALID_USER_INFO';
}

export function accountNoRule(accountNo: string): string | undefined {
  return /^\d{6,20}$/.test(accountNo) ? undefined : 'INVALID_USER_INFO';
}

/** Invite codes are PR followed by the inviter's profile id. */
export function inviterIdFromCode(code: string): number | undefined {
  const match = /^PR(\d{1,9})$/i.exec(code.trim());
  return match ? Number(match[1]) : undefined;
}

/** 3-3-rest grouping, only for exactly 10 characters (§2 Profile page). */
export function formatAccountNo(accountNo: string): string {
  return accountNo.length === 10 ? `${accountNo.slice(0, 3)}-${accountNo.slice(3, 6)}-${accountNo.slice(6)}` : accountNo;
}
