import { msg } from '@lingui/core/macro';
import { registerErrorMessages } from '../../lib/errors';

/** Codes only the bonus page meets, loaded with it (the sign-in page does not carry them). */
registerErrorMessages({
  PROMOTION_FULL: msg`This promotion code has been used up.`,
  BALANCE_UNCONFIRMED: msg`We could not confirm your game balances just now, so the bonus was not cancelled. Please try again in a minute.`,
});
