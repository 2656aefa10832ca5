import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import { AuditTable } from '../audit/audit-table';
import { auditQueryOptions } from '../audit/queries';
import { mayOpen } from '../roles';
import { meQueryOptions } from '../session/queries';
import { staffErrorMessage } from '../staff-errors';
import { useOnline } from '../../ui/use-online';
import { Section } from './member-sections';

/**
 * What staff did to this member (issue 36): the audit trail's rows about them, their own and those filed
 * under them (slips, withdrawals, adjustments, deposit requests, with the amounts), newest first. The
 * trail is the admins' (GET /api/staff/audit): the section is theirs too.
 */
export function MemberAudit({ phone }: { phone: string }) {
  const { data: me } = useSuspenseQuery(meQueryOptions());
  if (!mayOpen(me.role, '/audit')) return null;
  return <MemberAuditRows phone={phone} />;
}

function MemberAuditRows({ phone }: { phone: string }) {
  const { i18n } = useLingui();
  const online = useOnline();
  const query = useInfiniteQuery(auditQueryOptions({ target: `member:${phone}` }));
  const rows = query.data?.pages.flatMap((p) => p.rows) ?? [];
  return (
    <Section title={<Trans>What staff did</Trans>}>
      {query.isPending && (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {query.error && <p role="alert">{staffErrorMessage(i18n, query.error)}</p>}
      {query.data && (rows.length ? <AuditTable rows={rows} /> : <p>{<Trans>No change by staff yet.</Trans>}</p>)}
      {query.hasNextPage && (
        <button
          type="button"
          className="staff-secondary"
          disabled={!online || query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          <Trans>Show older changes</Trans>
        </button>
      )}
    </Section>
  );
}
