import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../ui/field';
import { useOnline } from '../../ui/use-online';
import { useQueueFormat } from '../queues/queue-format';
import { ScrollRegion } from '../shell/scroll-region';
import { BankName } from '../shell/bank-name';
import { staffErrorMessage } from '../staff-errors';
import { useFocusHeading } from '../use-focus-heading';
import { MemberLink } from './member-link';
import { MemberStatusText } from './member-status-text';
import { WaitingEnds } from './waiting-ends';
import { memberSearchQueryOptions, SEARCH_MAX, searchValid } from './queries';

/** Every role: find a member by phone, name, bank account or id; the bonus ends waiting for a second person. */
export function MembersPage() {
  const { t, i18n } = useLingui();
  const heading = useFocusHeading();
  const online = useOnline();
  const { money } = useQueueFormat();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const search = useQuery(memberSearchQueryOptions(q));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (searchValid(text)) setQ(text.trim());
  };
  return (
    <section aria-labelledby="staff-members-title">
      <h1 id="staff-members-title" ref={heading} tabIndex={-1}>
        <Trans>Members</Trans>
      </h1>
      <form role="search" onSubmit={submit} className="staff-filters" noValidate>
        <TextField
          label={t`Phone, name, bank account or member id`}
          value={text}
          onChange={setText}
          maxLength={SEARCH_MAX}
          autoComplete="off"
          hint={t`At least 2 characters. The last 4 digits of a bank account are enough; #12 is member 12.`}
        />
        <button type="submit" disabled={!online || !searchValid(text)}>
          <Trans>Search</Trans>
        </button>
      </form>
      <WaitingEnds />
      {search.isFetching && (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {search.error && <p role="alert">{staffErrorMessage(i18n, search.error)}</p>}
      {search.data &&
        (search.data.rows.length ? (
          <ScrollRegion label={t`Members found`}>
            <table className="staff-table">
              <caption>
                <Trans>Members found, newest first</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Phone</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Name</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Bank account</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Status</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Wallet</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {search.data.rows.map((m) => (
                  <tr key={m.id}>
                    <td>
                      <MemberLink id={m.id}>{m.phone}</MemberLink>
                    </td>
                    <td>{m.name}</td>
                    <td>
                      <span className="staff-strong">
                        <BankName code={m.bankCode} />
                      </span>{' '}
                      <span className="staff-mono">{m.bankAccountNo}</span>
                    </td>
                    <td>
                      <MemberStatusText status={m.status} />
                    </td>
                    <td>{money(m.balance, m.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        ) : (
          <p>
            <Trans>No member matches “{q}”.</Trans>
          </p>
        ))}
    </section>
  );
}
