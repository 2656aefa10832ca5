import { msg } from '@lingui/core/macro';
import { registerErrorMessages } from '../../lib/errors';

/** Codes only the wheel meets, loaded with it (the sign-in page does not carry them). */
registerErrorMessages({
  NO_COIN: msg`You have no coins to spin with. Deposits earn coins.`,
  SPINWHEEL_INACTIVE: msg`The spin wheel is closed at the moment.`,
});
