import { msg } from '@lingui/core/macro';
import { CHAT_TEXT_MAX } from '../../../contract/limits';
import { registerErrorMessages } from '../../lib/errors';

// the limit comes from the contract the server checks too, so the sentence never names another number
const max = CHAT_TEXT_MAX;

/** Codes only the chat meets, loaded with it (the sign-in page does not carry them). */
registerErrorMessages({
  CHAT_EMPTY: msg`A blank message is not sent.`,
  CHAT_TOO_LONG: msg`A message can be at most ${max} characters.`,
  CHAT_DISABLED: msg`The support chat is closed at the moment. Please contact us on LINE.`,
  CHAT_NO_FILE: msg`No file was received. Please choose it again.`,
  CHAT_FILE_UNSUPPORTED: msg`File is not supported`,
  CHAT_FILE_TOO_LARGE: msg`The file is too large. Please select a smaller file.`,
});
