import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { formatAccountNo } from '../../../contract/account-rules';
import { bankName, banksQuery, readersName } from '../../lib/lookups';
import { walletQuery } from '../../lib/member/wallet-query';

/** The account number as the member recognises it without showing it whole: every digit but the last 4 as x. */
export function maskAccountNo(accountNo: string): string {
  let keep = 4;
  return [...formatAccountNo(accountNo)]
    .reverse()
    .map((c) => (/\d/.test(c) ? (keep-- > 0 ? c : 'x') : c))
    .reverse()
    .join('');
}

/**
 * §2 Deposit modal, "Transfer from": the member's registered account (the wallet view's `bankAccount`).
 * A slip is credited by itself only when its sender is this account; from any other it waits for staff
 * review (SLIP_SENDER_MISMATCH), so the modal says so before the accounts to transfer to. The wallet the
 * home already holds is used as it is: opening the modal asks the server nothing more.
 */
export function RegisteredAccount({ headingId }: { headingId: string }) {
  const { t, i18n } = useLingui();
  const wallet = useQuery({ ...walletQuery(), refetchOnMount: false });
  const banks = useQuery(banksQuery());
  const account = wallet.data?.bankAccount;
  if (!account) return null;
  return (
    <section className="pay-from" aria-labelledby={headingId}>
      <h3 id={headingId}>{t`Transfer from your registered account`}</h3>
      <div className="deposit-account">
        <p className="strong">{bankName(banks.data, account.bankCode, readersName(account.bank, i18n.locale))}</p>
        <p>
          <span className="account-no">{maskAccountNo(account.bankAccountNo)}</span>
        </p>
        <p>{account.bankAccountName}</p>
      </div>
      <p className="small">{t`Only a transfer from this account is credited automatically. A transfer from any other account waits for our staff to check it.`}</p>
    </section>
  );
}
