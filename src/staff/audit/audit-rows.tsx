import { QueryState } from '../shell/route-states';
import { Trans } from '@lingui/react/macro';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { AuditPage } from '../../../contract/staff';
import { useOnline } from '../../ui/use-online';
import { AuditTable } from './audit-table';

/**
 * The rows of an audit query a page at a time, wherever the trail is read (the audit page, a member's
 * page): loading, the refusal with a retry, the rows or what an empty answer means, and the next page.
 */
export function AuditRows({ query, empty }: { query: UseInfiniteQueryResult<InfiniteData<AuditPage>>; empty: ReactNode }) {
  const online = useOnline();
  const rows = query.data?.pages.flatMap((page) => page.rows) ?? [];
  return (
    <>
      <QueryState query={query} />
      {query.data && (rows.length ? <AuditTable rows={rows} /> : <p>{empty}</p>)}
      {query.hasNextPage && (
        <button type="button" onClick={() => void query.fetchNextPage()} disabled={!online || query.isFetchingNextPage}>
          <Trans>More</Trans>
        </button>
      )}
    </>
  );
}
