import { Trans, useLingui } from '@lingui/react/macro';
import type { AccountDeposits } from '../../../contract/staff-reports';
import { useQueueFormat } from '../queues/queue-format';
import { BankName } from '../shell/bank-name';
import { StaffTable } from '../shell/staff-table';

/**
 * Bank transfers credited per deposit account and day (slips and statement lines), one table per currency;
 * a slip credited before the account was recorded counts under "Unknown account".
 */
export function AccountTables({ accounts }: { accounts: AccountDeposits[] }) {
  const { t } = useLingui();
  if (!accounts.length)
    return (
      <p>
        <Trans>No bank transfer was credited in this period.</Trans>
      </p>
    );
  const currencies = [...new Set(accounts.map((a) => a.currency))];
  return currencies.map((cur) => (
    <StaffTable
      key={cur}
      label={cur === 'BAHT' ? t`Deposits per deposit account (Baht)` : t`Deposits per deposit account (Kip)`}
      head={[t`Deposit account`, t`Day`, t`Deposits`, t`Amount`]}
    >
      {accounts
        .filter((a) => a.currency === cur)
        .map((a) => (
          <AccountRows key={a.accountNo ?? ''} account={a} />
        ))}
    </StaffTable>
  ));
}

function AccountRows({ account: a }: { account: AccountDeposits }) {
  const { t, i18n } = useLingui();
  const { money } = useQueueFormat();
  const number = new Intl.NumberFormat(i18n.locale);
  const name =
    a.accountNo === null ? (
      <Trans>Unknown account</Trans>
    ) : (
      <>
        {a.bankCode && (
          <>
            <BankName code={a.bankCode} />{' '}
          </>
        )}
        {a.accountNo}
      </>
    );
  const rows = [...a.days.map((d) => ({ ...d, label: d.date })), { ...a.total, label: t`Whole period` }];
  return rows.map((r) => (
    <tr key={r.label}>
      <th scope="row">{name}</th>
      <td>{r.label}</td>
      <td className="staff-num">{number.format(r.count)}</td>
      <td className="staff-num">{money(r.amount, a.currency)}</td>
    </tr>
  ));
}
