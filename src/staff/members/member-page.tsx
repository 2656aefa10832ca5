import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import type { MemberPage as Page } from '../../../contract/staff-members';
import { isApiError } from '../../lib/http';
import { FormError } from '../../ui/field';
import { useOnline } from '../../ui/use-online';
import { personOf } from '../../../contract/staff';
import { HoldNote } from '../queues/hold-note';
import { BankAccount } from '../queues/member-cell';
import { useQueueFormat } from '../queues/queue-format';
import { meQueryOptions } from '../session/queries';
import { staffErrorMessage } from '../staff-errors';
import { useFocusHeading } from '../use-focus-heading';
import { BonusEndDialog } from './bonus-end-dialog';
import { deviceOf } from './device';
import { Balances, Bonus, Chat, Section, Slips, Statement, Withdrawals } from './member-sections';
import { MemberAudit } from './member-audit';
import { Overview } from './member-overview';
import { MemberStatusDialog } from './member-status-dialog';
import { MemberStatusText } from './member-status-text';
import { mayChangeMembers, memberPageQueryOptions, useMemberAction } from './queries';

/** /staff/members/{id}: every role reads; finance and admin disable, enable and end sessions. */
export function MemberPage() {
  const { t, i18n } = useLingui();
  const { id: idText } = useParams({ strict: false }) as { id?: string };
  const id = Number(idText);
  const member = useQuery(memberPageQueryOptions(id, i18n.locale));
  if (member.error)
    return (
      <div role="alert">
        <p>{isApiError(member.error, 'NO_DATA') ? t`No member with this id.` : staffErrorMessage(i18n, member.error)}</p>
      </div>
    );
  if (!member.data)
    return (
      <p role="status">
        <Trans>Loading…</Trans>
      </p>
    );
  return <MemberView page={member.data} />;
}

/** Mounted with the data, so its heading is there to take the focus. */
function MemberView({ page }: { page: Page }) {
  const heading = useFocusHeading();
  return (
    <section aria-labelledby="staff-member-title">
      <h1 id="staff-member-title" ref={heading} tabIndex={-1}>
        {page.name} <span className="staff-muted">#{page.id}</span>
      </h1>
      <Overview page={page} />
      <Profile page={page} />
      <MemberAudit phone={page.phone} />
      <Balances page={page} />
      <Statement page={page} />
      <Slips page={page} />
      <Withdrawals page={page} />
      <RunningBonus page={page} />
      <Sessions page={page} />
      <Chat page={page} />
    </section>
  );
}

function Profile({ page }: { page: Page }) {
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const { when } = useQueueFormat();
  const [dialog, setDialog] = useState(false);
  const [done, setDone] = useState('');
  return (
    <Section title={<Trans>Profile</Trans>}>
      <dl className="staff-facts">
        <dt>
          <Trans>Phone</Trans>
        </dt>
        <dd>{page.phone}</dd>
        <dt>
          <Trans>Status</Trans>
        </dt>
        <dd>
          <MemberStatusText status={page.status} />
        </dd>
        <dt>
          <Trans>Currency</Trans>
        </dt>
        <dd>{page.currency}</dd>
        <dt>
          <Trans>Registered</Trans>
        </dt>
        <dd>{when(page.createdAt)}</dd>
        <dt>
          <Trans>Bank account</Trans>
        </dt>
        <dd>
          <BankAccount bankCode={page.bank.code} accountNo={page.bank.accountNo} accountName={page.bank.accountName} />
        </dd>
      </dl>
      {mayChangeMembers(me.role) && (
        <button type="button" className={page.status === 'active' ? 'staff-danger' : undefined} onClick={() => setDialog(true)}>
          {page.status === 'active' ? <Trans>Disable member</Trans> : <Trans>Enable member</Trans>}
        </button>
      )}
      {done && <p role="status">{done}</p>}
      {dialog && (
        <MemberStatusDialog
          page={page}
          onDone={(text) => {
            setDialog(false);
            setDone(text);
          }}
          onClose={() => setDialog(false)}
        />
      )}
    </Section>
  );
}

/**
 * The running bonus; finance and admin end it with a reason (no money moves). An end that waits for a second
 * person shows who asked it; the asker has no button (their own would be 403 FOUR_EYES).
 */
function RunningBonus({ page }: { page: Page }) {
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const online = useOnline();
  const [dialog, setDialog] = useState(false);
  const [done, setDone] = useState('');
  const hold = page.bonus?.hold ?? null;
  const asker = hold !== null && personOf(hold.askedBy) === me.username;
  return (
    <Bonus page={page}>
      {hold && <HoldNote hold={hold} currency={page.currency} bonus={page.bonus?.name} />}
      {mayChangeMembers(me.role) && page.bonus && !asker && (
        <button type="button" className="staff-danger" disabled={!online} onClick={() => setDialog(true)}>
          <Trans>End bonus</Trans>
        </button>
      )}
      {done && <p role="status">{done}</p>}
      {dialog && (
        <BonusEndDialog
          page={page}
          onDone={(text) => {
            setDialog(false);
            setDone(text);
          }}
          onClose={() => setDialog(false)}
        />
      )}
    </Bonus>
  );
}

/**
 * The member's open sessions with the device and address of each sign-in; finance and admin end one, or
 * all (the member's app must sign in again).
 */
function Sessions({ page }: { page: Page }) {
  const { i18n } = useLingui();
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const online = useOnline();
  const { when } = useQueueFormat();
  const action = useMemberAction(page.id);
  const may = mayChangeMembers(me.role);
  return (
    <Section title={<Trans>Open sessions</Trans>} empty={page.sessions.length ? undefined : <Trans>No open session.</Trans>}>
      <ul className="staff-list">
        {page.sessions.map((s) => {
          const started = when(s.createdAt);
          const seen = when(s.lastSeenAt);
          const device = deviceOf(s.userAgent);
          return (
            <li key={s.id}>
              <Trans>
                Signed in {started}, last seen {seen}
              </Trans>
              {device && (
                <>
                  {' · '}
                  <span title={s.userAgent ?? undefined}>{device}</span>
                </>
              )}
              {s.ip && (
                <>
                  {' · '}
                  <span className="staff-mono">{s.ip}</span>
                </>
              )}{' '}
              {may && (
                <button
                  type="button"
                  disabled={!online || action.isPending}
                  onClick={() => action.mutate({ action: `sessions/${s.id}/revoke` })}
                >
                  <Trans>End session {started}</Trans>
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {may && page.sessions.length > 1 && (
        <button type="button" disabled={!online || action.isPending} onClick={() => action.mutate({ action: 'sessions/revoke-all' })}>
          <Trans>End every session</Trans>
        </button>
      )}
      {action.error && <FormError message={staffErrorMessage(i18n, action.error)} />}
    </Section>
  );
}
