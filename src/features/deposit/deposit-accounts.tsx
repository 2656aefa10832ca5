import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatAccountNo } from '../../../contract/account-rules';
import { formatDateTime } from '../../lib/dates';
import { errorMessage } from '../../lib/errors';
import { bankName, banksQuery, readersName } from '../../lib/lookups';
import { useOnline } from '../../ui/use-online';
import { depositOffer } from '../../../contract/deposit-rules';
import { useMoneyWords } from '../../ui/member/money-words';
import { useCopy } from '../../ui/member/use-copy';
import { readLocalJson, writeLocalJson } from './local-json';
import { depositQuery, type DepositLookup } from './queries';

type Account = DepositLookup['banks'][number];

/** The accounts this device last showed from a server answer (localStorage: read at once, unlike the query cache). */
const SEEN_KEY = 'deposit-accounts-seen';
function readSeen(): string[] | undefined {
  const saved = readLocalJson(SEEN_KEY);
  return Array.isArray(saved) ? saved.map(String) : undefined;
}
// storage full or off: the next opening compares with the saved query copy instead
const writeSeen = (ids: string[]) => writeLocalJson(SEEN_KEY, ids);
const accountId = (a: Pick<Account, 'bankCode' | 'bankAccountNo'>) => `${a.bankCode}-${a.bankAccountNo}`;
/** The accounts a member holding `currency` transfers to (contract/deposit-rules.ts depositOffer). */
const depositAccounts = (data: DepositLookup | undefined, currency: string) => (data ? depositOffer(data, currency).accounts : undefined);

/**
 * §2 Deposit modal, "Transfer to": the accounts, never older than the server's last answer. The saved
 * copy shows at once and is asked again on every opening (moneyLookup); offline it says when it was
 * saved; an account that was not there on the member's last visit is marked as changed.
 */
export function DepositAccounts({ headingId }: { headingId: string }) {
  const { t, i18n } = useLingui();
  const { currency } = useMoneyWords();
  const online = useOnline();
  const queryClient = useQueryClient();
  const copy = useCopy();
  const deposit = useQuery(depositQuery());
  const banks = useQuery(banksQuery());
  // what this device showed the member last time, before this opening's answer: kept apart from the query
  // cache, which is restored from IndexedDB after the first paint (a modal opened before that found no
  // saved copy and never said the account had changed)
  const [before] = useState(
    () => readSeen() ?? depositAccounts(queryClient.getQueryData(depositQuery().queryKey), currency)?.map(accountId),
  );
  const accounts = depositAccounts(deposit.data, currency) ?? [];
  const fresh = deposit.isFetchedAfterMount && !deposit.isError;
  const shown = accounts.map(accountId).join(' ');
  useEffect(() => {
    if (fresh) writeSeen(shown ? shown.split(' ') : []);
  }, [fresh, shown]);
  const isNew = (a: Account) => fresh && before !== undefined && before.length > 0 && !before.includes(accountId(a));
  const changed = accounts.some(isNew);
  const savedAt = formatDateTime(deposit.dataUpdatedAt);

  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{t`Transfer to`}</h3>
      {/* offline, a failed asking is no news: what the member needs to know is that none is saved here */}
      {!deposit.data && !online && <p className="muted">{t`Not saved on this device yet.`}</p>}
      {deposit.isPending && !deposit.data && online && <p className="muted">{t`Loading…`}</p>}
      {deposit.error && !deposit.data && online && <p className="text-danger">{errorMessage(i18n, deposit.error.message)}</p>}
      {deposit.data && !fresh && (
        <p className="small notice" role="status">
          {online
            ? t`Checking that this account is still current…`
            : t`Saved ${savedAt}. You are offline: check the account again when you are back online, before you transfer.`}
        </p>
      )}
      {changed && (
        <p className="small text-danger strong" role="alert">
          {t`The account changed since your last visit. Transfer only to the account shown here.`}
        </p>
      )}
      {deposit.data && accounts.length === 0 && <p className="muted">{t`No deposit account is open right now. Please contact support.`}</p>}
      <ul className="deposit-accounts">
        {accounts.map((a) => {
          const accountNo = a.bankAccountNo;
          return (
            <li key={accountId(a)} className="deposit-account">
              <p className="strong">
                {bankName(banks.data, a.bankCode, readersName(a, i18n.locale))}
                {isNew(a) && <span className="badge">{t`Changed`}</span>}
              </p>
              <p>{a.bankAccountName}</p>
              <div className="row between">
                <span className="account-no">{formatAccountNo(a.bankAccountNo)}</span>
                <button
                  type="button"
                  className="button small"
                  onClick={() => void copy(a.bankAccountNo)}
                  aria-label={t({
                    message: `Copy account number ${accountNo}`,
                    comment:
                      'the button shows only "Copy": start with that same word, then a space (screen-reader and voice users say the visible word)',
                  })}
                >
                  {t`Copy`}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
