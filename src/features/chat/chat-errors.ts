import { msg } from '@lingui/core/macro';
import { registerErrorMessages } from '../../lib/errors';

/** Codes only the chat meets, loaded with it (the sign-in page does not carry them). */
registerErrorMessages({
  CHAT_EMPTY: msg`A blank message is not sent.`,
  CHAT_TOO_LONG: msg`A message can be at most 2000 characters.`,
  CHAT_DISABLED: msg`The support chat is closed at the moment. Please contact us on LINE.`,
  CHAT_NO_FILE: msg`No file was received. Please choose it again.`,
  CHAT_FILE_UNSUPPORTED: msg`File is not supported`,
  CHAT_FILE_TOO_LARGE: msg`The file is too large. Please select a smaller file.`,
});
