import { msg } from '@lingui/core/macro';
import { registerErrorMessages } from '../../lib/errors';

/**
 * The §8 refund codes as the server now means them (README "Invite and refund"), loaded with
 * the home's refund parts. The general sentences in lib/errors.ts stay for the sign-in page's
 * catalogue, which must not grow; these say what the member can do about it.
 */
registerErrorMessages({
  REFUND_CONDITION: msg`A bonus or promotion is active. You can receive your refund once it ends.`,
  REFUND_MINIMUM: msg`Your refunds do not yet reach the minimum to receive. They keep adding up.`,
});
