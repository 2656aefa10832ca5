import { queryOptions } from '@tanstack/react-query';
import type { StatementResponse } from '../../../contract/statement';
import { api } from '../../lib/api';
import { currentLocale } from '../../lib/i18n';
import { statementKeys } from '../../lib/member/statement-keys';

/** §9: the statement shows 10 a page, from page 1. */
export const STATEMENT_PAGE_SIZE = 10;

/** §7 POST /api/statement, with the bonuses' and promotions' names in the member's language. */
export const statementQuery = (page: number) => {
  const lang = currentLocale();
  return queryOptions({
    queryKey: statementKeys.page(lang, page),
    queryFn: () => api<StatementResponse>(`/api/statement?lang=${lang}`, { body: { page, limit: STATEMENT_PAGE_SIZE } }),
    staleTime: 0,
  });
};
