import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { personOf } from '../../../contract/staff';
import type { DepositAccount } from '../../../contract/staff-deposit-accounts';
import { isApiError } from '../../lib/http';
import { useOnline } from '../../ui/use-online';
import { meQueryOptions } from '../session/queries';
import { RoleGate } from '../shell/role-gate';
import { NotAllowed, QueryState } from '../shell/route-states';
import { useFocusHeading } from '../use-focus-heading';
import { accountLabel, AddAccountDialog, DecideDialog, RetireDialog } from './account-dialogs';
import { AccountTable, PendingChange } from './account-table';
import { depositAccountsQueryOptions } from './queries';
import { StaffNotice, type Notice } from '../queues/staff-notice';

type Dialog =
  | { kind: 'add'; replacing?: DepositAccount }
  | { kind: 'retire'; account: DepositAccount }
  | { kind: 'approve' | 'reject' | 'withdraw' }
  | null;

/**
 * The accounts members transfer deposits to (issue 39), per currency: admins add one (a second admin
 * approves it), replace one (the same, the old one retired on approval) or retire one at once; finance reads.
 */
export function DepositAccountsPage() {
  return (
    <RoleGate path="/deposit-accounts">
      <DepositAccounts />
    </RoleGate>
  );
}

function DepositAccounts() {
  const { t, i18n } = useLingui();
  const query = useQuery(depositAccountsQueryOptions());
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const heading = useFocusHeading();
  const online = useOnline();
  const [notice, setNotice] = useState<Notice>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  if (isApiError(query.error, 'STAFF_FORBIDDEN')) return <NotAllowed />;
  const admin = me.role === 'admin';
  const open = (next: NonNullable<Dialog>) => {
    setNotice(null);
    setDialog(next);
  };
  const done = (text: string, conflict?: boolean) => {
    setNotice({ text, conflict });
    setDialog(null);
  };
  const list = query.data;
  const pending = list?.pending ?? null;
  return (
    <section aria-labelledby="staff-deposit-accounts-title" className="staff-queue">
      <h1 id="staff-deposit-accounts-title" ref={heading} tabIndex={-1}>
        <Trans>Deposit accounts</Trans>
      </h1>
      <p>
        <Trans>
          The bank accounts members transfer their deposits to. A new account is shown to members only once a second admin approves it;
          retiring one takes effect at once.
        </Trans>
      </p>
      <StaffNotice notice={notice} />
      <QueryState query={query} />
      {list && pending && (
        <PendingChange
          list={list}
          mine={personOf(pending.proposedBy) === me.username}
          admin={admin}
          online={online}
          onAct={(kind) => open({ kind })}
        />
      )}
      {list && admin && (
        <p>
          <button type="button" disabled={!online || pending !== null} onClick={() => open({ kind: 'add' })}>
            <Trans>Add an account</Trans>
          </button>
        </p>
      )}
      {list && (
        <AccountTable
          list={list}
          actions={(account) => {
            const label = accountLabel(account, i18n.locale);
            return admin && account.retiredAt === null ? (
              <>
                <button
                  type="button"
                  disabled={!online || pending !== null}
                  onClick={() => open({ kind: 'add', replacing: account })}
                  aria-label={t`Replace ${label}`}
                >
                  <Trans>Replace</Trans>
                </button>
                <button
                  type="button"
                  className="staff-secondary"
                  disabled={!online}
                  onClick={() => open({ kind: 'retire', account })}
                  aria-label={t`Retire ${label}`}
                >
                  <Trans>Retire</Trans>
                </button>
              </>
            ) : null;
          }}
        />
      )}
      {dialog?.kind === 'add' && <AddAccountDialog replacing={dialog.replacing} onDone={done} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'retire' && list && (
        <RetireDialog account={dialog.account} graceHours={list.graceHours} onDone={done} onClose={() => setDialog(null)} />
      )}
      {dialog && (dialog.kind === 'approve' || dialog.kind === 'reject' || dialog.kind === 'withdraw') && pending && (
        <DecideDialog
          id={pending.id}
          action={dialog.kind}
          proposedBy={pending.proposedBy}
          why={pending.reason}
          onDone={done}
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
}
