import { msg } from '@lingui/core/macro';
import { registerErrorMessages } from '../../lib/errors';

/**
 * The §8 invite codes as the server now means them (README "Invite and refund"), loaded with
 * the home's invite parts. The general sentences in lib/errors.ts stay for the sign-in page's
 * catalogue, which must not grow; these say what the member can do about it.
 */
registerErrorMessages({
  NO_INVITEE_PLAY_INFO: msg`Your invited friends have not played their deposits through yet. Your invite bonus waits for them.`,
  INVITE_BONUS_FAIL: msg`We could not check your friends' play just now. Please try again in a few minutes.`,
});
