import { msg } from '@lingui/core/macro';
import { registerErrorMessages } from '../../lib/errors';

/**
 * The §8 OTP codes and the phone rule's, loaded with the code's entry (registration and a forgotten password): their words
 * are in the register catalog part, not the sign-in page's.
 */
registerErrorMessages({
  OTP_BLOCK: msg`Too many wrong codes. Request a new OTP.`,
  OTP_TOKEN_INVALID: msg`This OTP request is not valid. Request a new OTP.`,
  OTP_NOT_EXIST: msg`No OTP was requested. Request a new OTP.`,
  OTP_VERIFIED: msg`This phone number is already verified.`,
  OTP_EXPIRED: msg`The OTP has expired. Request a new OTP.`,
  OTP_CODE_INVALID: msg`The OTP is incorrect.`,
  OTP_CODE_VALID: msg`OTP verified.`,
  UNVERIFIED_OTP: msg`Please verify your phone number with the OTP first.`,
  OTP_SEND_FAIL: msg`We could not send the OTP. Please try again.`,
  OTP_VERIFY_FAIL: msg`We could not verify the OTP. Please try again.`,
  // the phone the code goes to
  PHONE_NUMBER_REQUIRE_10_DIGIT: msg`The phone number must have 10 digits.`,
  PHONE_NUMBER_REQUIRE_8_TO_13_DIGIT: msg`The phone number must have 8 to 13 digits, like 02055512345.`,
});
