import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { personOf } from '../../../contract/staff';
import { useQueueFormat } from '../queues/queue-format';
import { ScrollRegion } from '../shell/scroll-region';
import { MemberLink } from './member-link';
import { waitingEndsQueryOptions } from './queries';

/**
 * The staff "End bonus" calls the money policy holds for a second finance clerk or admin: each member with
 * the bonus, what it frees, who asked and when. The second person ends it from the member's page; none
 * waiting shows nothing. The dashboard counts them and links here.
 */
export function WaitingEnds() {
  const { t, i18n } = useLingui();
  const { money, when } = useQueueFormat();
  const { data } = useQuery(waitingEndsQueryOptions(i18n.locale));
  if (!data?.rows.length) return null;
  return (
    <section>
      <h2>
        <Trans>Bonus ends waiting for a second person</Trans>
      </h2>
      <ScrollRegion label={t`Bonus ends waiting for a second person`}>
        <table className="staff-table">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Member</Trans>
              </th>
              <th scope="col">
                <Trans>Bonus</Trans>
              </th>
              <th scope="col">
                <Trans>Frees</Trans>
              </th>
              <th scope="col">
                <Trans>Asked by</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((r) => (
              <tr key={r.member.id}>
                <td>
                  <MemberLink id={r.member.id}>{r.member.phone}</MemberLink> {r.member.name}
                </td>
                <td>{r.bonus}</td>
                <td>{money(r.hold.amount, r.currency)}</td>
                <td>
                  {personOf(r.hold.askedBy)} <span className="staff-muted">{when(r.hold.askedAt)}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
