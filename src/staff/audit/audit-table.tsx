import { Trans, useLingui } from '@lingui/react/macro';
import type { AuditRow } from '../../../contract/staff';
import { ScrollRegion } from '../shell/scroll-region';
import { MemberLink } from '../members/member-link';
import { staffDateFormat } from '../date-format';

const json = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

/** The trail's rows, newest first, as the server recorded them: the member a row is about links to their page. */
export function AuditTable({ rows }: { rows: AuditRow[] }) {
  const { t, i18n } = useLingui();
  const when = staffDateFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'medium' });
  return (
    // it scrolls sideways at 768 px: a tab stop, so a keyboard can scroll it too
    <ScrollRegion label={t`Changes, newest first`}>
      <table className="staff-table">
        <caption className="visually-hidden">
          <Trans>Changes, newest first</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">{t`When`}</th>
            <th scope="col">{t`Who`}</th>
            <th scope="col">{t`Action`}</th>
            <th scope="col">{t`Target`}</th>
            <th scope="col">{t`Member`}</th>
            <th scope="col" className="staff-num">{t`Amount`}</th>
            <th scope="col">{t`Before`}</th>
            <th scope="col">{t`After`}</th>
            <th scope="col">{t`Reason`}</th>
            <th scope="col">{t`From`}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const username = row.actor.username;
            return (
              <tr key={row.id}>
                <td>
                  <time dateTime={row.at}>{when.format(new Date(row.at))}</time>
                </td>
                <td>{row.actor.kind === 'cli' ? t`${username} (command line)` : username}</td>
                <td>
                  <code>{row.action}</code>
                </td>
                <td>
                  <code>{row.target}</code>
                </td>
                <td>{row.member ? <MemberLink id={row.member.id}>{row.member.phone}</MemberLink> : '—'}</td>
                <td className="staff-num">{row.money ?? '—'}</td>
                <td className="staff-json">{json(row.before)}</td>
                <td className="staff-json">{json(row.after)}</td>
                <td>{row.reason ?? '—'}</td>
                <td>{row.ip ?? '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
