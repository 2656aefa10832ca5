import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { STAFF_USERNAME_PATTERN } from '../../../contract/staff';
import { cleanDisplayName, DISPLAY_NAME_MAX, type StaffAccount } from '../../../contract/staff-team';
import { isApiError } from '../../lib/http';
import { Modal } from '../../ui/modal';
import { AuditTable } from '../audit/audit-table';
import { ConfirmDialog } from '../queues/confirm-dialog';
import { RequiredReasonField, reasonValid } from '../queues/reason-field';
import { TextField } from '../shell/text-field';
import { staffErrorMessage } from '../staff-errors';
import { staffHistoryQueryOptions, useAddAgent, useRename, useResetAgent, useSetDisabled } from './queries';

const USERNAME = new RegExp(STAFF_USERNAME_PATTERN);
const RESERVED = ['system', 'cli', 'staff'];
/** A one-time password to hand over: who it is for, and itself. */
export interface Handover {
  username: string;
  oneTimePassword: string;
}

/** A new support agent: their username and, if given, the name customers see. The answer is their one-time password. */
export function AddAgentDialog({ onAdded, onClose }: { onAdded: (handover: Handover) => void; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const add = useAddAgent();
  const [username, setUsername] = useState('');
  const [name, setName] = useState('');
  const wanted = username.trim();
  const usernameOk = USERNAME.test(wanted) && !RESERVED.includes(wanted);
  // said at the field (a 409 is not the dialog's to show): until another name is typed
  const taken = isApiError(add.error, 'STAFF_USERNAME_TAKEN') && add.variables?.username === wanted;
  const nameOk = name.trim() === '' || cleanDisplayName(name) !== undefined;
  return (
    <ConfirmDialog
      title={<Trans>Add a support agent</Trans>}
      confirmLabel={<Trans>Add the agent</Trans>}
      ready={usernameOk && nameOk && !taken}
      pending={add.isPending}
      error={add.error}
      onConfirm={() =>
        add.mutate(
          { username: wanted, ...(name.trim() && { displayName: name.trim() }) },
          { onSuccess: (answer) => onAdded({ username: answer.username, oneTimePassword: answer.oneTimePassword }) },
        )
      }
      onClose={onClose}
    >
      <p>
        <Trans>
          An agent answers support chats and reads members&apos; pages; they hold no money. A finance clerk or an admin is added by the
          operator on the command line.
        </Trans>
      </p>
      <div className="staff-stacked">
        <TextField
          label={t`Username`}
          value={username}
          onChange={setUsername}
          input={{ autoComplete: 'off', autoCapitalize: 'none', spellCheck: false, maxLength: 32, required: true }}
          initialFocus
          error={
            taken
              ? staffErrorMessage(i18n, add.error)
              : wanted && !usernameOk
                ? t`3 to 32 of a-z, 0-9, dot, dash and underscore, starting with a letter.`
                : ''
          }
          hint={t`What they sign in with, for example nok.s`}
        />
        <TextField
          label={t`Name customers see (optional)`}
          value={name}
          onChange={setName}
          input={{ maxLength: DISPLAY_NAME_MAX }}
          error={nameOk ? '' : t`1 to 40 characters, without control characters.`}
          hint={t`Shown above their chat replies; the username when left empty.`}
        />
      </div>
    </ConfirmDialog>
  );
}

/** The one-time password of an add or a reset: shown once, to be handed over in person. */
export function PasswordDialog({ handover, onClose }: { handover: Handover; onClose: () => void }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState<boolean | null>(null);
  const { username, oneTimePassword } = handover;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(oneTimePassword);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Modal
      title={<Trans>One-time password for {username}</Trans>}
      onClose={onClose}
      closeLabel={t`Close`}
      role="alertdialog"
      footer={
        <div className="staff-dialog-actions">
          <button type="button" onClick={onClose}>
            <Trans>I have handed it over</Trans>
          </button>
        </div>
      }
    >
      <p>
        <Trans>
          It is shown only now. Give it to {username} in person or by phone, not in a chat or an e-mail: at their first sign-in they replace
          it with a password of their own and set up their authenticator app.
        </Trans>
      </p>
      <p className="staff-one-time-password">
        <code aria-label={t`One-time password`}>{oneTimePassword}</code>{' '}
        <button type="button" className="staff-secondary" onClick={() => void copy()} data-autofocus>
          <Trans>Copy</Trans>
        </button>
      </p>
      <p aria-live="polite">
        {copied === true && <Trans>Copied.</Trans>}
        {copied === false && <Trans>It could not be copied: select it and copy it by hand.</Trans>}
      </p>
    </Modal>
  );
}

type Change = 'disable' | 'enable' | 'reset';

/** Disable, enable or reset a staff member, with the reason the audit trail keeps. */
export function ChangeDialog({
  account,
  change,
  onDone,
  onReset,
  onClose,
}: {
  account: StaffAccount;
  change: Change;
  onDone: (text: string) => void;
  onReset: (handover: Handover) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [reason, setReason] = useState('');
  const setDisabled = useSetDisabled();
  const reset = useResetAgent();
  const call = change === 'reset' ? reset : setDisabled;
  const { username } = account;
  const run = () => {
    const why = reason.trim();
    if (change === 'reset')
      reset.mutate({ username, reason: why }, { onSuccess: (answer) => onReset({ username, oneTimePassword: answer.oneTimePassword }) });
    else
      setDisabled.mutate(
        { username, disabled: change === 'disable', reason: why },
        {
          onSuccess: () =>
            onDone(change === 'disable' ? t`${username} is disabled: their sessions have ended.` : t`${username} may sign in again.`),
        },
      );
  };
  return (
    <ConfirmDialog
      title={
        change === 'disable' ? (
          <Trans>Disable {username}</Trans>
        ) : change === 'enable' ? (
          <Trans>Enable {username}</Trans>
        ) : (
          <Trans>Reset password for {username}</Trans>
        )
      }
      confirmLabel={change === 'disable' ? <Trans>Disable</Trans> : change === 'enable' ? <Trans>Enable</Trans> : <Trans>Reset</Trans>}
      tone={change === 'enable' ? 'default' : 'danger'}
      ready={reasonValid(reason)}
      pending={call.isPending}
      error={call.error}
      onConfirm={run}
      onClose={onClose}
    >
      <p>
        {change === 'disable' ? (
          <Trans>They are signed out at once and cannot sign in; the support chats they held go back to the waiting list.</Trans>
        ) : change === 'enable' ? (
          <Trans>They may sign in again with their own password and authenticator app.</Trans>
        ) : (
          <Trans>
            Their sessions end, their password and authenticator app stop working, and you get a one-time password to hand over.
          </Trans>
        )}
      </p>
      <RequiredReasonField value={reason} onChange={setReason} />
    </ConfirmDialog>
  );
}

/** The name customers see above a staff member's chat replies. */
export function RenameDialog({ account, onDone, onClose }: { account: StaffAccount; onDone: (text: string) => void; onClose: () => void }) {
  const { t } = useLingui();
  const rename = useRename();
  const [name, setName] = useState(account.displayName ?? '');
  const clean = cleanDisplayName(name);
  const { username } = account;
  return (
    <ConfirmDialog
      title={<Trans>Name customers see for {username}</Trans>}
      confirmLabel={<Trans>Save the name</Trans>}
      ready={clean !== undefined && clean !== account.displayName}
      pending={rename.isPending}
      error={rename.error}
      onConfirm={() =>
        rename.mutate(
          { username, displayName: clean! },
          { onSuccess: () => onDone(t`Customers now see ${clean} on the replies of ${username}.`) },
        )
      }
      onClose={onClose}
    >
      <div className="staff-stacked">
        <TextField
          label={t`Name customers see`}
          value={name}
          onChange={setName}
          input={{ maxLength: DISPLAY_NAME_MAX, required: true }}
          initialFocus
          error={name.trim() && clean === undefined ? t`1 to 40 characters, without control characters.` : ''}
          hint={t`Shown above their chat replies.`}
        />
      </div>
    </ConfirmDialog>
  );
}

/** What was done to a staff member's account and by whom: the audit trail's rows under `staff:<username>`. */
export function HistoryDialog({ username, onClose }: { username: string; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const history = useQuery(staffHistoryQueryOptions(username));
  return (
    <Modal title={<Trans>History of {username}</Trans>} onClose={onClose} closeLabel={t`Close`}>
      {history.isPending && (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {history.error && <p role="alert">{staffErrorMessage(i18n, history.error)}</p>}
      {history.data &&
        (history.data.rows.length ? (
          <AuditTable rows={history.data.rows} />
        ) : (
          <p>
            <Trans>Nothing recorded yet.</Trans>
          </p>
        ))}
    </Modal>
  );
}
