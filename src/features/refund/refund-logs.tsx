import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../lib/dates';
import { DataStatus } from '../../ui/data-status';
import { Pagination } from '../../ui/pagination';
import { REFUND_PAGE_SIZE, refundListQuery } from './queries';
import { useMoneyWords } from '../../ui/member/money-words';

/** §3 Refund log: each closed period's refund, newest first, 10 a page; the saved copy offline. */
export function RefundLogs() {
  const { t } = useLingui();
  const { money: moneyText } = useMoneyWords();
  const [page, setPage] = useState(1);
  const query = useQuery(refundListQuery(page));
  const { data } = query;
  const pages = data ? Math.max(1, Math.ceil(data.total / REFUND_PAGE_SIZE)) : 1;
  return (
    <section aria-label={t`Refund history`}>
      <h3 className="programme-subtitle">{t`Refund history`}</h3>
      <DataStatus query={query} />
      {data && data.refunds.length === 0 && <p className="muted">{t`No refunds yet.`}</p>}
      {data && data.refunds.length > 0 && (
        <table className="slip-table programme-table">
          <thead>
            <tr>
              <th scope="col">{t`Date`}</th>
              <th scope="col" className="amount">
                {t`Refund`}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.refunds.map((r, i) => (
              <tr key={`${r.createdAt}-${i}`}>
                <td className="date">{formatDateTime(r.createdAt)}</td>
                <td className="amount">{moneyText(r.refundAmount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pages > 1 && <Pagination page={page} pages={pages} onPage={setPage} label={t`Refund history pages`} />}
    </section>
  );
}
