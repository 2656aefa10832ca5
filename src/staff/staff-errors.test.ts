import { beforeEach, describe, expect, it } from 'vitest';
import { activateStaffLocale, i18n, loadConsoleWords } from './i18n';
import { STAFF_ERROR_MESSAGES, staffErrorMessage } from './staff-errors';
import { ApiError } from '../lib/http';

/** Every refusal contract/staff.ts, contract/staff-queues.ts, contract/staff-adjustments.ts and contract/staff-settings.ts name, and the transport's own codes. */
const CODES = `STAFF_UNAUTHORIZED STAFF_FORBIDDEN CSRF_INVALID STAFF_SIGNIN_FAIL REQUEST_LIMIT REQUEST_LIMIT_1MIN TOTP_INVALID
PASSWORD_WEAK STAFF_CHALLENGE_EXPIRED KEY_INVALID INTERNAL_SERVER_ERROR SERVICE_UNAVAILABLE NETWORK_ERROR TIMEOUT
REASON_REQUIRED AMOUNT_REQUIRED AMOUNT_INVALID SLIP_NOT_WAITING SLIP_DUPLICATE WITHDRAW_NOT_PENDING DEPOSIT_REQUEST_NOT_PENDING
FOUR_EYES ADJUSTMENT_NOT_PENDING ADJUSTMENT_REVERSED MONEY_NOT_ENOUGH NO_DATA PAYMENT_NOT_UNMATCHED PAYMENT_CURRENCY_MISMATCH
SETTING_PROPOSAL_PENDING SETTING_PROPOSAL_DECIDED STAFF_USERNAME_TAKEN STAFF_USERNAME_INVALID DISPLAY_NAME_INVALID NO_STAFF
STAFF_IS_YOU STAFF_OPERATOR_ONLY ASKER_DISABLED`.split(/\s+/);

describe('the staff console’s error sentences', () => {
  beforeEach(async () => {
    await loadConsoleWords();
    await activateStaffLocale('th', false);
  });

  it('has a Thai sentence for every code the staff API and the transport answer', () => {
    expect(CODES.filter((code) => !STAFF_ERROR_MESSAGES[code])).toEqual([]);
    const untranslated = CODES.filter((code) => !/[\u0E00-\u0E7F]/.test(staffErrorMessage(i18n, new ApiError(code, 400))));
    expect(untranslated).toEqual([]);
  });

  it('shows an unknown code as it came', async () => {
    await activateStaffLocale('en', false);
    expect(staffErrorMessage(i18n, new ApiError('SOMETHING_NEW', 400))).toBe('SOMETHING_NEW');
    expect(staffErrorMessage(i18n, new ApiError('toString', 400))).toBe('toString');
    expect(staffErrorMessage(i18n, new ApiError('TOTP_INVALID', 401))).toMatch(/^That code is not right/);
  });
});
