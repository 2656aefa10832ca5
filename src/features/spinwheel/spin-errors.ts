import { msg } from '@lingui/core/macro';
import { registerErrorMessages } from '../../lib/errors';

/** Codes only the wheel meets, loaded with it (the sign-in page does not carry them). */
registerErrorMessages({
  NO_COIN: msg`You have no coins to spin with. Deposits earn coins.`,
  SPINWHEEL_INACTIVE: msg`The spin wheel is closed at the moment.`,
  // the wheel's cause of BONUS_REMAINING (a bonus prize while a bonus is active), more precise than the shared sentence
  BONUS_REMAINING: msg`A bonus or promotion is active: you can claim this bonus prize once it has ended.`,
});
