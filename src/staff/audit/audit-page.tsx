import { Trans } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../lib/http';
import { useOnline } from '../../ui/use-online';
import { RoleGate } from '../shell/role-gate';
import { NotAllowed } from '../shell/route-states';
import { useFocusHeading } from '../use-focus-heading';
import { AuditFiltersForm } from './audit-filters';
import { AuditRows } from './audit-rows';
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
  const heading = useFocusHeading();
  const online = useOnline();
  const [filters, setFilters] = useState<AuditFilters>({});
  const audit = useInfiniteQuery(auditQueryOptions(filters));
  // the server decides roles too: a role taken away since the sign-in is refused there
  if (isApiError(audit.error, 'STAFF_FORBIDDEN')) return <NotAllowed />;
  return (
    <section aria-labelledby="staff-audit-title">
      <h1 id="staff-audit-title" ref={heading} tabIndex={-1}>
        <Trans>Audit trail</Trans>
      </h1>
      <AuditFiltersForm onApply={setFilters} disabled={!online} />
      <AuditRows query={audit} empty={<Trans>No changes match these filters.</Trans>} />
    </section>
  );
}
