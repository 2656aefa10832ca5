import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../tests/render';
// the codes registration and the signed-in screens register when they load (with their catalog parts)
import '../features/register/register-errors';
import '../features/auth/forgot/forgot-errors';
import '../lib/member/member-errors';
import '../features/bonus/bonus-errors';
import '../features/spinwheel/spin-errors';
import { ERROR_MESSAGES, errorMessage } from '../lib/errors';
import { i18n, loadCatalogPart } from '../lib/i18n';

/** Every code the spec's §8 lists, copied from it. */
const SPEC_CODES = `UNAUTHORIZED EXPIRED_AUTH_TOKEN INVALID_USER_1 INVALID_USER_2 INVALID_USER_3 INVALID_USER_4 INVALID_IP WRONG_CREDENTIAL
WRONG_PASSWORD NO_USER INACTIVE_USER LOGIN_FAIL REQUEST_LIMIT REQUEST_LIMIT_1MIN INTERNAL_SERVER_ERROR OTP_BLOCK OTP_TOKEN_INVALID
OTP_NOT_EXIST OTP_VERIFIED OTP_EXPIRED OTP_CODE_INVALID OTP_CODE_VALID UNVERIFIED_OTP OTP_SEND_FAIL OTP_VERIFY_FAIL EXISTING_USER
EXISTING_BANK INVALID_USER_INFO INVALID_BANK BANK_ACCOUNT_NAME_ENG REGISTER_FAIL GAME_ACTIVATION_FAIL PHONE_NUMBER_REQUIRE_10_DIGIT
BONUS_REMAINING BONUS_ALREADY_ACTIVE BONUS_MAX_CLAIMED BONUS_CONDITION BONUS_CLEAR BONUS_FULL NO_PROMOTION PROMOTION_RECEIVED
INVITE_COLLECT INVITE_INACTIVE NO_INVITE_BONUS NO_INVITEE_PLAY_INFO INVITE_BONUS_SUCCESS INVITE_BONUS_FAIL NO_REFUND REFUND_CONDITION
REFUND_SUCCESS REFUND_INACTIVE REFUND_MINIMUM NO_BANK NO_WALLET SLOT_ALREADY_ACTIVE SLOT_ACTIVATE_FAIL SLOT_NO_ACCOUNT
SLOT_RESET_PASSWORD_FAIL TRANSFER_MINIMUM NO_GAME MONEY_NOT_ENOUGH TRANSFER_FAIL QR_FAIL SLIP_UPLOAD_FAIL SLIP_NO_FILE SLIP_INVALID_FILE
TRUELINK_DUPLICATE TRUELINK_INVALID KEY_MISSING KEY_INVALID NO_DATA OK SUCCESS NOT_AREASLOT NOT_UFABET NO_CLAIMABLE_COUPON
INVALID_PRIZE_CODE INVALID_CODE INVALID_COUPON_TYPE COUPON_EXPIRED`.split(/\s+/);

const THAI = /[\u0E00-\u0E7F]/;
const LAO = /[\u0E80-\u0EFF]/;

describe('the §8 error catalogue', () => {
  beforeEach(async () => {
    await setLocale('en');
    await Promise.all([loadCatalogPart('register'), loadCatalogPart('member')]);
  });

  it('has an entry for every code of §8 and for the codes the server adds', () => {
    const missing = [
      ...SPEC_CODES,
      'gone',
      'invalid-token',
      'INVALID_INVITE_CODE',
      'PHONE_NUMBER_REQUIRE_8_TO_13_DIGIT',
      'NETWORK_ERROR',
      'TIMEOUT',
      'SERVICE_UNAVAILABLE',
      'WITHDRAW_MINIMUM',
      'WITHDRAW_MAXIMUM',
      'WITHDRAW_PENDING',
      'UPLOAD_LIMIT',
      'UPLOAD_UNAVAILABLE',
      // a refusal per cause where §8 has one code for several (issue 21)
      'BONUS_DEPOSIT_REQUIRED',
      'BONUS_WITHDRAWN_SINCE',
      'BONUS_FIRST_DEPOSIT_ONLY',
      'BONUS_AMOUNT_ZERO',
      'BONUS_CLEAR_BALANCE',
      'PASSWORD_RESET_INVALID',
    ].filter((code) => !ERROR_MESSAGES[code]);
    expect(missing).toEqual([]);
  });

  it('translates every code into Thai and Lao script', async () => {
    for (const [locale, script] of [
      ['th', THAI],
      ['la', LAO],
    ] as const) {
      await setLocale(locale);
      const untranslated = Object.keys(ERROR_MESSAGES).filter((code) => code !== 'OK' && !script.test(errorMessage(i18n, code)));
      expect(untranslated, locale).toEqual([]);
    }
  });

  it('shows the sentence for a known code and the raw text for an unknown one', async () => {
    expect(errorMessage(i18n, 'WRONG_CREDENTIAL')).toBe('Incorrect phone number or password.');
    expect(errorMessage(i18n, 'SOMETHING_NEW')).toBe('SOMETHING_NEW');
    expect(errorMessage(i18n, 'toString')).toBe('toString');
    await setLocale('th');
    expect(errorMessage(i18n, 'WRONG_CREDENTIAL')).toBe('เบอร์โทรศัพท์หรือรหัสผ่านไม่ถูกต้อง');
  });
});

describe('the Lingui catalogs', () => {
  it('have a translation for every message in th and la', () => {
    for (const locale of ['th', 'la']) {
      const dir = path.resolve('src/locales', locale);
      for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.po'))) {
        const po = fs.readFileSync(path.join(dir, file), 'utf8');
        const empty = [...po.matchAll(/msgid "(.+)"\nmsgstr ""/g)].map((m) => m[1]);
        expect(empty, `${locale}/${file}`).toEqual([]);
      }
    }
  });
});
