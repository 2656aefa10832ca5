import { Trans, useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { SettingEntry } from '../../../contract/staff-settings';
import { isApiError } from '../../lib/http';
import { useOnline } from '../../ui/use-online';
import { ConfirmDialog } from '../queues/confirm-dialog';
import { DecisionReasonField, decisionReasonReady } from '../queues/reason-field';
import { meQueryOptions } from '../session/queries';
import { staffErrorMessage } from '../staff-errors';
import { ProposedLine } from './proposed-line';
import { useDecideProposal } from './queries';
import { personOf } from '../../../contract/staff';

/**
 * A two-admin setting's waiting change (issue 36): who proposed what and why; another admin approves it
 * (it is written) or rejects it with a reason; the proposer is told another admin decides.
 */
export function SettingProposal({ entry, onNotice }: { entry: SettingEntry; onNotice: (text: string) => void }) {
  const { t } = useLingui();
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const online = useOnline();
  const [action, setAction] = useState<'approve' | 'reject' | null>(null);
  const pending = entry.pending;
  if (!pending) return null;
  const { id, proposedBy } = pending;
  return (
    <section aria-labelledby="staff-setting-proposal-title" className="staff-proposal">
      <h3 id="staff-setting-proposal-title">
        <Trans>A change waits for a second admin</Trans>
      </h3>
      <ProposedLine proposal={pending} />
      <pre className="staff-json" aria-label={t`Proposed value`}>
        {JSON.stringify(pending.value, null, 2)}
      </pre>
      {personOf(proposedBy) === me.username ? (
        <p>
          <Trans>You proposed it: another admin approves or rejects it.</Trans>
        </p>
      ) : (
        <div className="staff-dialog-actions">
          <button type="button" className="staff-secondary" disabled={!online} onClick={() => setAction('reject')}>
            <Trans>Reject the change</Trans>
          </button>
          <button type="button" disabled={!online} onClick={() => setAction('approve')}>
            <Trans>Approve the change</Trans>
          </button>
        </div>
      )}
      {action && (
        <ProposalDialog
          settingKey={entry.key}
          id={id}
          action={action}
          onDone={(text) => {
            onNotice(text);
            setAction(null);
          }}
          onClose={() => setAction(null)}
        />
      )}
    </section>
  );
}

function ProposalDialog({
  settingKey,
  id,
  action,
  onDone,
  onClose,
}: {
  settingKey: string;
  id: number;
  action: 'approve' | 'reject';
  onDone: (text: string) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const decide = useDecideProposal();
  const [reason, setReason] = useState('');
  const given = reason.trim();
  const ready = decisionReasonReady(action === 'reject', reason);
  const run = () =>
    decide.mutate(
      { id, action, reason: given || undefined },
      {
        onSuccess: () => onDone(action === 'approve' ? t`Approved: ${settingKey} is changed.` : t`Rejected: ${settingKey} is unchanged.`),
        // decided meanwhile: the dialog closes and the sentence says so; the setting is asked again
        onError: (err) => {
          if (isApiError(err) && err.status === 409) onDone(staffErrorMessage(i18n, err));
        },
      },
    );
  return (
    <ConfirmDialog
      title={action === 'approve' ? <Trans>Approve the change of {settingKey}</Trans> : <Trans>Reject the change of {settingKey}</Trans>}
      confirmLabel={action === 'approve' ? <Trans>Approve and apply</Trans> : <Trans>Reject the change</Trans>}
      tone={action === 'reject' ? 'danger' : 'default'}
      ready={ready}
      pending={decide.isPending}
      error={decide.error}
      onConfirm={run}
      onClose={onClose}
    >
      <p>{action === 'approve' ? <Trans>The proposed value is written now.</Trans> : <Trans>The setting stays as it is.</Trans>}</p>
      <DecisionReasonField required={action === 'reject'} value={reason} onChange={setReason} />
    </ConfirmDialog>
  );
}
