import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { StaffAccount } from '../../../contract/staff-team';
import { isApiError } from '../../lib/http';
import { useOnline } from '../../ui/use-online';
import { useQueueFormat } from '../queues/queue-format';
import { StaffNotice, type Notice } from '../queues/staff-notice';
import { meQueryOptions } from '../session/queries';
import { RoleGate } from '../shell/role-gate';
import { NotAllowed, QueryState } from '../shell/route-states';
import { StaffTable } from '../shell/staff-table';
import { useFocusHeading } from '../use-focus-heading';
import { AddAgentDialog, ChangeDialog, HistoryDialog, PasswordDialog, RenameDialog, type Handover } from './team-dialogs';
import { teamQueryOptions } from './queries';

type Dialog =
  | { kind: 'add' }
  | { kind: 'disable' | 'enable' | 'reset' | 'rename'; account: StaffAccount }
  | { kind: 'history'; username: string }
  | { kind: 'password'; handover: Handover }
  | null;

/**
 * Staff accounts (contract/staff-team.ts), for admins: who works the console, their role and state, when they
 * were last seen; an admin adds and resets support agents, names anyone for the customers, disables and
 * enables anyone but themselves, and reads what was done to an account. Money roles are the operator's.
 */
export function TeamPage() {
  return (
    <RoleGate path="/team">
      <Team />
    </RoleGate>
  );
}

function Team() {
  const { t } = useLingui();
  const query = useQuery(teamQueryOptions());
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const heading = useFocusHeading();
  const online = useOnline();
  const { when } = useQueueFormat();
  const [notice, setNotice] = useState<Notice>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  if (isApiError(query.error, 'STAFF_FORBIDDEN')) return <NotAllowed />;
  const open = (next: NonNullable<Dialog>) => {
    setNotice(null);
    setDialog(next);
  };
  const done = (text: string) => {
    setNotice({ text });
    setDialog(null);
  };
  const handOver = (handover: Handover) => setDialog({ kind: 'password', handover });
  const handedOver = (username: string) => done(t`${username} signs in with the one-time password, then sets their own.`);
  const roleName = { agent: t`Support agent`, finance: t`Finance clerk`, admin: t`Admin` };
  return (
    <section aria-labelledby="staff-team-title" className="staff-queue">
      <h1 id="staff-team-title" ref={heading} tabIndex={-1}>
        <Trans>Staff accounts</Trans>
      </h1>
      <p>
        <Trans>
          Add and reset support agents here. A finance clerk or an admin is added, and their password reset, by the operator on the command
          line, so that no admin alone holds a second person&apos;s money rights. Every change is in the audit trail.
        </Trans>
      </p>
      <StaffNotice notice={notice} />
      <QueryState query={query} />
      {query.data && (
        <>
          <p>
            <button type="button" disabled={!online} onClick={() => open({ kind: 'add' })}>
              <Trans>Add a support agent</Trans>
            </button>
          </p>
          <StaffTable
            label={t`Staff accounts`}
            head={[t`Username`, t`Name customers see`, t`Role`, t`State`, t`Authenticator app`, t`Last seen`, t`Actions`]}
          >
            {query.data.staff.map((s) => {
              const you = s.username === me.username;
              const username = s.username;
              return (
                <tr key={s.username}>
                  <th scope="row">
                    {s.username}
                    {you && (
                      <span className="staff-muted">
                        {' '}
                        <Trans>(you)</Trans>
                      </span>
                    )}
                  </th>
                  <td>{s.displayName ?? <span className="staff-muted">{t`(the username)`}</span>}</td>
                  <td>{roleName[s.role]}</td>
                  <td>
                    {s.status === 'disabled' ? (
                      <strong>
                        <Trans>Disabled</Trans>
                      </strong>
                    ) : s.status === 'new' ? (
                      <Trans>Not signed in yet with the one-time password</Trans>
                    ) : (
                      <Trans>Active</Trans>
                    )}
                  </td>
                  <td>{s.totpEnrolled ? <Trans>Set up</Trans> : <Trans>Not yet</Trans>}</td>
                  <td>{s.lastSeenAt ? when(s.lastSeenAt) : <Trans>Never</Trans>}</td>
                  <td className="staff-actions">
                    <RowButton
                      label={t`Name customers see for ${username}`}
                      disabled={!online}
                      onClick={() => open({ kind: 'rename', account: s })}
                    >
                      <Trans>Name</Trans>
                    </RowButton>
                    {!you && s.status !== 'disabled' && (
                      <RowButton label={t`Disable ${username}`} disabled={!online} onClick={() => open({ kind: 'disable', account: s })}>
                        <Trans>Disable</Trans>
                      </RowButton>
                    )}
                    {!you && s.status === 'disabled' && s.role === 'agent' && (
                      <RowButton label={t`Enable ${username}`} disabled={!online} onClick={() => open({ kind: 'enable', account: s })}>
                        <Trans>Enable</Trans>
                      </RowButton>
                    )}
                    {s.status === 'disabled' && s.role !== 'agent' && (
                      <span className="staff-muted">
                        <Trans>The operator enables it again</Trans>
                      </span>
                    )}
                    {!you && s.role === 'agent' && (
                      <RowButton
                        label={t`Reset password for ${username}`}
                        disabled={!online}
                        onClick={() => open({ kind: 'reset', account: s })}
                      >
                        <Trans>Reset password</Trans>
                      </RowButton>
                    )}
                    <RowButton label={t`History of ${username}`} onClick={() => open({ kind: 'history', username })}>
                      <Trans>History</Trans>
                    </RowButton>
                  </td>
                </tr>
              );
            })}
          </StaffTable>
        </>
      )}
      {dialog?.kind === 'add' && <AddAgentDialog onAdded={handOver} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'password' && <PasswordDialog handover={dialog.handover} onClose={() => handedOver(dialog.handover.username)} />}
      {dialog && (dialog.kind === 'disable' || dialog.kind === 'enable' || dialog.kind === 'reset') && (
        <ChangeDialog account={dialog.account} change={dialog.kind} onDone={done} onReset={handOver} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'rename' && <RenameDialog account={dialog.account} onDone={done} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'history' && <HistoryDialog username={dialog.username} onClose={() => setDialog(null)} />}
    </section>
  );
}

/** A row's action: its word shown, its name the word and whose row it is (so the name holds the word, as axe asks). */
function RowButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className="staff-secondary" disabled={disabled} onClick={onClick} aria-label={label}>
      {children}
    </button>
  );
}
