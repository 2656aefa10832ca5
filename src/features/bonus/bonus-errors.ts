import { msg } from '@lingui/core/macro';
import { registerErrorMessages } from '../../lib/errors';

/** Codes only the bonus page meets, loaded with it (the sign-in page does not carry them). */
registerErrorMessages({
  PROMOTION_FULL: msg`This promotion code has been used up.`,
  BALANCE_UNCONFIRMED: msg`We could not confirm your game balances just now, so the bonus was not cancelled. Please try again in a minute.`,
  // why a bonus or promotion is not given: each cause its own code (the server's quote, also stated before receiving)
  BONUS_DEPOSIT_REQUIRED: msg`This bonus needs a deposit of at least its minimum, made after your last bonus or promotion.`,
  BONUS_WITHDRAWN_SINCE: msg`You asked for a withdrawal after your latest deposit, so that deposit cannot earn this bonus.`,
  BONUS_FIRST_DEPOSIT_ONLY: msg`This bonus is given only on your first deposit ever.`,
  BONUS_AMOUNT_ZERO: msg`On your deposit this bonus would give nothing.`,
  BONUS_CLEAR_BALANCE: msg`The bonus can be cancelled only when your wallet and game balances together are below the cancel minimum.`,
});
