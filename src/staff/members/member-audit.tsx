import { Trans } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { AuditRows } from '../audit/audit-rows';
import { auditQueryOptions } from '../audit/queries';
import { RoleGate } from '../shell/role-gate';
import { Section } from './member-sections';

/**
 * What staff did to this member (issue 36): the audit trail's rows about them, their own and those filed
 * under them (slips, withdrawals, adjustments, deposit requests, with the amounts), newest first. The
 * trail is the admins' (GET /api/staff/audit): the section is theirs too.
 */
export function MemberAudit({ phone }: { phone: string }) {
  return (
    <RoleGate path="/audit" fallback={null}>
      <MemberAuditRows phone={phone} />
    </RoleGate>
  );
}

function MemberAuditRows({ phone }: { phone: string }) {
  const query = useInfiniteQuery(auditQueryOptions({ target: `member:${phone}` }));
  return (
    <Section title={<Trans>What staff did</Trans>}>
      <AuditRows query={query} empty={<Trans>No change by staff yet.</Trans>} />
    </Section>
  );
}
