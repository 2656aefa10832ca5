import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Suspense, useState, type ComponentType } from 'react';
import { formatDateTime, timeAgo } from '../../lib/dates';
import { banksQuery, bankName } from '../../lib/lookups';
import { DataStatus } from '../../ui/data-status';
import { Pagination } from '../../ui/pagination';
import { activityText, movedNoMoney, statusText } from '../../lib/statement-text/activity';
import { withdrawReasonText } from '../../lib/statement-text/withdraw-reasons';
import { STATEMENT_PAGE_SIZE, statementQuery } from './queries';
import './statement.css';
import { useMoneyWords } from '../../ui/member/money-words';

const ICON: Record<string, string> = { deposit: '↓', withdraw: '↑', transfer: '⇄', bonus: '★', finish_bonus: '☆' };

/** §2 Statement page: the journal's entries for the member, newest first, 10 a page. */
/** `SlipModal`: the deposit feature's slip list, given by the route (rendered inside Suspense, so it may be lazy). */
export function StatementPage({ SlipModal }: { SlipModal: ComponentType<{ onClose: () => void }> }) {
  const { t, i18n } = useLingui();
  const { money: moneyText } = useMoneyWords();
  const [page, setPage] = useState(1);
  const [slipsOpen, setSlipsOpen] = useState(false);
  const query = useQuery({ ...statementQuery(page), placeholderData: keepPreviousData });
  // a withdrawal's bank by its name, as the profile and the deposit screens say it
  const banks = useQuery(banksQuery()).data;
  const nameOf = (code: string) => bankName(banks, code, code);
  const { data } = query;
  const pages = data ? Math.max(1, Math.ceil(data.total / STATEMENT_PAGE_SIZE)) : 1;
  const money = (n: number) => `${n > 0 ? '+' : ''}${moneyText(n)}`;

  return (
    <main className="page">
      <div className="row between">
        <h1>
          <Trans>Transaction history</Trans>
        </h1>
        <button type="button" className="button small" onClick={() => setSlipsOpen(true)}>
          {t`Slip status`}
        </button>
      </div>
      <DataStatus query={query} />
      {data && data.statements.length === 0 && <p className="muted">{t`No transactions yet.`}</p>}
      <ul className="statement">
        {data?.statements.map((s) => {
          // a failed movement moved nothing in the end: its amount is shown struck through, not as money gone
          const undone = s.status === 'FAILED';
          const amount = money(s.amount);
          return (
            <li key={s._id} className="statement-row">
              <span className={`statement-icon type-${s.statementType}`} aria-hidden="true">
                {ICON[s.statementType] ?? '•'}
              </span>
              <div className="statement-main">
                <p className="statement-activity">{activityText(i18n, s, nameOf)}</p>
                <p className={`statement-status status-${s.status.toLowerCase()}`}>{statusText(i18n, s)}</p>
                {s.rejectReason && <p className="small statement-reason">{withdrawReasonText(i18n, s.rejectReason)}</p>}
                <p className="muted small statement-time">
                  <span>{formatDateTime(s.createdAt)}</span> · <span className="nowrap">{timeAgo(s.createdAt)}</span>
                </p>
              </div>
              {movedNoMoney(s) ? (
                <span className="statement-amount none">
                  <span aria-hidden="true">—</span>
                  <span className="visually-hidden">{t`No money moved`}</span>
                </span>
              ) : s.status === 'PENDING' ? (
                // waiting (a deposit request, a withdrawal, a transfer in transit): neither credited nor gone yet
                <span className="statement-amount pending">
                  <span>{amount}</span>
                  <span className="small">{t`Waiting`}</span>
                </span>
              ) : undone ? (
                <span className="statement-amount undone">
                  <del aria-label={t`Not taken: ${amount}`}>{amount}</del>
                  <span className="small">{s.to === 'WALLET' ? t`Not moved` : t`Returned`}</span>
                </span>
              ) : (
                <span className={s.amount < 0 ? 'statement-amount out' : 'statement-amount in'}>{amount}</span>
              )}
            </li>
          );
        })}
      </ul>
      {pages > 1 && <Pagination page={page} pages={pages} onPage={setPage} label={t`Statement pages`} />}
      {slipsOpen && (
        <Suspense fallback={null}>
          <SlipModal onClose={() => setSlipsOpen(false)} />
        </Suspense>
      )}
    </main>
  );
}
