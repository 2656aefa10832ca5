import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { SIGN_IN_ERROR_MESSAGES, sentenceFor } from './sign-in/sign-in-errors';

/**
 * The staff API's refusals (contract/staff.ts, contract/staff-queues.ts, contract/staff-adjustments.ts) and the transport's, as sentences in the console's
 * words (its own catalog: the member's error map and its words stay in the member app).
 */
export const STAFF_ERROR_MESSAGES: Record<string, MessageDescriptor> = {
  // the sign-in's and the transport's: in the sign-in's words, which load before the rest of the console
  ...SIGN_IN_ERROR_MESSAGES,
  STAFF_FORBIDDEN: msg`Your role is not allowed to do this.`,
  // the work queues (contract/staff-queues.ts)
  REASON_REQUIRED: msg`Give a reason of 3 to 500 characters.`,
  AMOUNT_REQUIRED: msg`Enter the amount to credit: the bank did not confirm one.`,
  AMOUNT_INVALID: msg`Enter an amount above 0 (baht with at most 2 decimals, kip in whole kip), not above the deposit maximum.`,
  SLIP_NOT_WAITING: msg`This slip is no longer waiting for review: someone has already dealt with it. The list now shows what is still waiting.`,
  SLIP_DUPLICATE: msg`This bank transfer was already credited with another slip. Nothing was credited: the slip is closed as used twice, and the list is up to date.`,
  WITHDRAW_NOT_PENDING: msg`This withdrawal is no longer waiting: someone has already paid or rejected it. The list now shows what is still waiting.`,
  DEPOSIT_REQUEST_NOT_PENDING: msg`This deposit request is no longer waiting: someone has already confirmed or rejected it. The list now shows what is still waiting.`,
  // adjustments (contract/staff-adjustments.ts)
  FOUR_EYES: msg`You asked for this yourself: another person must approve or reject it.`,
  SETTING_PROPOSAL_PENDING: msg`A change of this setting already waits for a second admin: approve or reject that one first.`,
  SETTING_PROPOSAL_DECIDED: msg`This change is no longer waiting: another admin has already approved or rejected it.`,
  ADJUSTMENT_NOT_PENDING: msg`This adjustment is no longer waiting: someone has already approved or rejected it. The list now shows what is still waiting.`,
  // bonuses (contract/staff-bonuses.ts)
  BONUS_CODE_TAKEN: msg`A bonus with this code exists already: choose another code, or change that bonus.`,
  BONUS_CHANGE_PENDING: msg`A change of this bonus already waits for a second admin: approve or reject that one first.`,
  BONUS_CHANGE_DECIDED: msg`This change is no longer waiting: another admin has already approved or rejected it.`,
  BONUS_BUDGET_NEEDED: msg`This bonus was made with no budget: give it one with Change before offering it again.`,
  BONUS_CHANGED: msg`The bonus you saw is no longer running: the member has another one now. Nothing was ended; the page now shows the bonus running.`,
  // promotion codes (contract/staff-promotions.ts)
  PROMOTION_CODE_TAKEN: msg`A promotion with this code exists already, offered or not: choose another code.`,
  PROMOTION_DECIDED: msg`This code no longer waits for a decision: another admin has already approved, rejected or stopped it. The list is up to date.`,
  PROMOTION_NOT_OFFERED: msg`This code is no longer offered: another admin has already stopped it. The list is up to date.`,
  NO_PROMOTION: msg`There is no promotion with this code: the list is up to date.`,
  // staff accounts (contract/staff-team.ts)
  STAFF_USERNAME_TAKEN: msg`A staff member with this username exists already (disabled ones too): choose another.`,
  STAFF_USERNAME_INVALID: msg`A username is 3 to 32 of a-z, 0-9, dot, dash and underscore, starting with a letter; system, cli and staff are kept for the command line.`,
  DISPLAY_NAME_INVALID: msg`Give a name of 1 to 40 characters, without control characters.`,
  NO_STAFF: msg`There is no staff member of this name: the list is up to date.`,
  ASKER_DISABLED: msg`The staff member who asked for this is disabled now: it can no longer be approved. Reject it to clear it from the list.`,
  STAFF_IS_YOU: msg`This is your own account: another admin does this.`,
  STAFF_OPERATOR_ONLY: msg`A finance clerk or an admin is added, reset and enabled again by the operator on the command line, never from the console.`,
  ADJUSTMENT_REVERSED: msg`That entry was already reversed, or a reversal of it is waiting.`,
  // deposit accounts (contract/staff-deposit-accounts.ts)
  DEPOSIT_ACCOUNT_EXISTS: msg`This account is active already.`,
  DEPOSIT_ACCOUNT_UNKNOWN: msg`That account is not an active deposit account any more: the list is up to date.`,
  INVALID_BANK: msg`Choose a bank from the list.`,
  // settings (contract/staff-settings.ts): the server's detail says where and why, after this sentence
  SETTING_INVALID: msg`The value does not match what this setting takes; nothing was saved.`,
  // alerts (contract/staff-alerts.ts)
  ALERT_TOKEN_REQUIRED: msg`Enter the token: this channel has none yet. Nothing was saved.`,
  MONEY_NOT_ENOUGH: msg`The member's wallet holds less than that: nothing moved.`,
  // unmatched payments (contract/staff-payments.ts)
  PAYMENT_NOT_UNMATCHED: msg`This payment is no longer unmatched: someone has already attached it or marked it refunded. The list now shows what is still waiting.`,
  PAYMENT_CURRENCY_MISMATCH: msg`This payment is in another currency than that member's wallet: nothing was credited. Check the phone number.`,
  // bank statements (contract/staff-statements.ts)
  STATEMENT_FILE_EMPTY: msg`Choose the statement file first.`,
  STATEMENT_FILE_TYPE: msg`This is no statement file we can read: export CSV, text or Excel (.xlsx) from the bank, not PDF or old binary .xls.`,
  STATEMENT_FILE_INVALID: msg`The file could not be read: export it from the bank again.`,
  STATEMENT_TOO_LARGE: msg`The file is larger than 5 MB: export a shorter period.`,
  STATEMENT_TOO_MANY_LINES: msg`The file has more than 20,000 rows: export a shorter period.`,
  STATEMENT_BUSY: msg`The server is reading other statement files just now: nothing was read or kept. Send this one again in a moment.`,
  STATEMENT_UNPACKS_TOO_LARGE: msg`The workbook unpacks to more than 64 MB: no bank’s statement is that large. Export a shorter period, or as CSV.`,
  STATEMENT_BANK_UNKNOWN: msg`The file does not say which bank wrote it: choose the bank's layout.`,
  STATEMENT_BANK_MISMATCH: msg`This file is another bank's statement than the layout or the deposit account chosen.`,
  STATEMENT_FILE_CURRENCY: msg`This statement is in another currency than the deposit account chosen.`,
  STATEMENT_ACCOUNT_MISMATCH: msg`This statement is of another account than the deposit account chosen.`,
  STATEMENT_ACCOUNT_UNKNOWN: msg`That deposit account is no longer in the deposit settings: reload the page.`,
  STATEMENT_LAYOUT_UNKNOWN: msg`No header row with a date and an amount column was found: is this the bank's statement export?`,
  STATEMENT_LINE_INVALID: msg`A line has an amount that is not a number (or kip with decimals): nothing was read. Export the file from the bank again.`,
  STATEMENT_NO_LINES: msg`The file holds no statement lines.`,
  STATEMENT_NOT_PREVIEWED: msg`Preview the file before importing it.`,
  STATEMENT_CHANGED: msg`This is not the file you previewed: preview it again.`,
  STATEMENT_ALREADY_IMPORTED: msg`Every line of this statement was imported before: nothing was imported again.`,
  STATEMENT_LINE_IMPORTED: msg`Another import took some of these lines at the same moment: preview the file again.`,
  STATEMENT_LINE_DONE: msg`This statement line is no longer waiting: someone has already assigned or dismissed it. The list now shows what is still waiting.`,
  STATEMENT_CURRENCY_MISMATCH: msg`This line is in another currency than that member's wallet: nothing was credited. Check the phone number.`,
  NO_DATA: msg`Not found: check the phone number, or the journal entry (a deposit or staff credit of that member).`,
  // the support inbox (contract/staff-inbox.ts)
  CHAT_HELD: msg`Another agent holds this conversation: take it over to answer it.`,
  CHAT_NOT_HOLDER: msg`You do not hold this conversation.`,
  CHAT_ENDED: msg`This conversation has ended; the customer's next message opens a new one.`,
  CHAT_EMPTY: msg`Write the message first.`,
  CHAT_TOO_LONG: msg`The message is over 2000 characters.`,
  CHAT_FILE_UNSUPPORTED: msg`This file is not supported: send a PNG, JPEG or GIF picture, or an MP4 or MOV video.`,
  CHAT_FILE_TOO_LARGE: msg`The file is too large: pictures up to 10 MB, videos up to 20 MB.`,
  CHAT_NO_FILE: msg`No file was sent. Choose the file again.`,
  UPLOAD_UNAVAILABLE: msg`The server has no room for files right now. Please try again later.`,
};

/** The sentence for a code, in the console's language; an unknown code is shown as it came. */
export const staffErrorMessage = (i18n: I18n, err: unknown) => sentenceFor(STAFF_ERROR_MESSAGES, i18n, err);
