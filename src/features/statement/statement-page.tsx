import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { api } from '../../lib/api';
import { QueryError } from '../../ui/query-error';
import { formatDateTime, formatMoney, timeAgo } from '../../lib/format';
import { intlLocale } from '../../lib/i18n';
import { Pagination } from '../../ui/pagination';

export const STATEMENT_PAGE_SIZE = 10;

interface Statement {
  _id: number;
  statementType: string;
  status: string;
  from: string;
  to: string;
  amount: number;
  createdAt: string;
}

const ACTIVITY: Record<string, MessageDescriptor> = {
  deposit: msg`Deposit`,
  withdraw: msg`Withdrawal`,
  transfer: msg`Transfer`,
  bonus: msg`Bonus`,
  finish_bonus: msg`Bonus ended`,
};
const ICON: Record<string, string> = { deposit: '↓', withdraw: '↑', transfer: '⇄', bonus: '★', finish_bonus: '☆' };

export const statementQuery = (page: number) => ({
  queryKey: ['statement', page] as const,
  queryFn: () => api<{ total: number; statements: Statement[] }>('/api/statement', { body: { page, limit: STATEMENT_PAGE_SIZE } }),
  staleTime: 0,
});

/** §2 Statement page: the journal's entries for the member, newest first, 10 a page. */
export function StatementPage() {
  const { t, i18n } = useLingui();
  const [page, setPage] = useState(1);
  const { data, error } = useQuery({ ...statementQuery(page), placeholderData: keepPreviousData });
  const status = (s: string) => (s === 'SUCCESS' ? t`Success` : s === 'FAILED' ? t`Failed` : t`In progress`);
  const pages = data ? Math.max(1, Math.ceil(data.total / STATEMENT_PAGE_SIZE)) : 1;

  return (
    <main className="page">
      <h1>
        <Trans>Transaction history</Trans>
      </h1>
      <QueryError error={error} hasData={!!data} />
      {data && data.statements.length === 0 && <p className="muted">{t`No transactions yet.`}</p>}
      <ul className="statement">
        {data?.statements.map((s) => {
          const activity = ACTIVITY[s.statementType] ? i18n._(ACTIVITY[s.statementType]!) : s.statementType;
          const route = `${s.from} → ${s.to}`;
          const amount = `${s.amount > 0 ? '+' : ''}${formatMoney(s.amount, intlLocale())}`;
          return (
            <li key={s._id} className="statement-row">
              <span className="statement-icon" aria-hidden="true">
                {ICON[s.statementType] ?? '•'}
              </span>
              <div className="statement-main">
                <p className="statement-activity">
                  {activity} <span className="muted small">{route}</span>
                </p>
                <p className={`statement-status status-${s.status.toLowerCase()}`}>{status(s.status)}</p>
                <p className="muted small">
                  {formatDateTime(s.createdAt)} · {timeAgo(s.createdAt, intlLocale())}
                </p>
              </div>
              <span className={s.amount < 0 ? 'statement-amount out' : 'statement-amount in'}>{amount}</span>
            </li>
          );
        })}
      </ul>
      {pages > 1 && <Pagination page={page} pages={pages} onPage={setPage} label={t`Statement pages`} />}
    </main>
  );
}
