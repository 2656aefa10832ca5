import { msg } from '@lingui/core/macro';
import { registerErrorMessages } from '../../../lib/errors';

/** The code only a forgotten password meets, loaded with its steps (register catalog part). */
registerErrorMessages({
  PASSWORD_RESET_INVALID: msg`This code can no longer set a password (it was used, or more than 10 minutes passed). Please request a new code.`,
});
