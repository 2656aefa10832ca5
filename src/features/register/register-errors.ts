import { msg } from '@lingui/core/macro';
import { registerErrorMessages } from '../../lib/errors';
// the OTP codes, which a forgotten password meets too
import '../../ui/otp/otp-errors';

/**
 * The §8 codes only registration meets (a taken phone number, an invite code; the OTP's are in ui/otp), loaded with the
 * registration steps: their words are in the register catalog part, not the sign-in page's. The bank and
 * details codes the profile shares stay in lib/errors.ts.
 */
registerErrorMessages({
  // registration
  EXISTING_USER: msg`This phone number is already registered.`,
  REGISTER_FAIL: msg`Registration failed. Please try again.`,
  GAME_ACTIVATION_FAIL: msg`Your game account could not be opened. Please try again later.`,
  // ours
  INVALID_INVITE_CODE: msg`This invite code does not exist.`,
});
