import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../lib/http';
import { useOnline } from '../../ui/use-online';
import { RoleGate } from '../shell/role-gate';
import { NotAllowed } from '../shell/route-states';
import { staffErrorMessage } from '../staff-errors';
import { useFocusHeading } from '../use-focus-heading';
import { AuditFiltersForm } from './audit-filters';
import { AuditTable } from './audit-table';
import { auditQueryOptions, type AuditFilters } from './queries';

/** Admins only: the nav hides it from other roles, and whoever opens its address is told so. */
export function AuditPage() {
  return (
    <RoleGate path="/audit">
      <AuditTrail />
    </RoleGate>
  );
}

function AuditTrail() {
  const { i18n } = useLingui();
  const heading = useFocusHeading();
  const online = useOnline();
  const [filters, setFilters] = useState<AuditFilters>({});
  const audit = useInfiniteQuery(auditQueryOptions(filters));
  // the server decides roles too: a role taken away since the sign-in is refused there
  if (isApiError(audit.error, 'STAFF_FORBIDDEN')) return <NotAllowed />;
  const rows = audit.data?.pages.flatMap((page) => page.rows) ?? [];
  return (
    <section aria-labelledby="staff-audit-title">
      <h1 id="staff-audit-title" ref={heading} tabIndex={-1}>
        <Trans>Audit trail</Trans>
      </h1>
      <AuditFiltersForm onApply={setFilters} disabled={!online} />
      {audit.isPending && (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {audit.error && (
        <div role="alert">
          <p>{staffErrorMessage(i18n, audit.error)}</p>
          <button type="button" onClick={() => void audit.refetch()} disabled={!online || audit.isFetching}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}
      {audit.data &&
        (rows.length ? (
          <AuditTable rows={rows} />
        ) : (
          <p>
            <Trans>No changes match these filters.</Trans>
          </p>
        ))}
      {audit.hasNextPage && (
        <button type="button" onClick={() => void audit.fetchNextPage()} disabled={!online || audit.isFetchingNextPage}>
          <Trans>More</Trans>
        </button>
      )}
    </section>
  );
}
