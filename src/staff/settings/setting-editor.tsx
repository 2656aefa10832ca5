import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isPayingProgramme } from '../../../contract/paying-programmes';
import type { SettingEntry } from '../../../contract/staff-settings';
import { isApiError } from '../../lib/http';
import { FormError } from '../../ui/field';
import { useOnline } from '../../ui/use-online';
import { AuditTable } from '../audit/audit-table';
import { ReasonField, reasonValid } from '../queues/reason-field';
import { staffErrorMessage } from '../staff-errors';
import { useFocusHeading } from '../use-focus-heading';
import type { JsonSchema } from './json-schema';
import { settingHistoryQueryOptions, useSaveSetting } from './queries';
import { SchemaField } from './schema-field';
import { SettingPreview } from './setting-preview';
import { SettingProposal } from './setting-proposal';

/** One setting's form (made from its JSON Schema), the reason, the members' preview and its history. */
export function SettingEditor({ entry, onDone }: { entry: SettingEntry; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const heading = useFocusHeading<HTMLHeadingElement>();
  const online = useOnline();
  const schema = entry.schema as JsonSchema;
  const [value, setValue] = useState<unknown>(entry.value);
  const [badJson, setBadJson] = useState<ReadonlySet<string>>(new Set());
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const [notice, setNotice] = useState('');
  const save = useSaveSetting(entry.key);
  const history = useQuery(settingHistoryQueryOptions(entry.key));

  const onJsonValid = (path: string, valid: boolean) =>
    setBadJson((old) => {
      const next = new Set(old);
      if (valid) next.delete(path);
      else next.add(path);
      return next;
    });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (badJson.size) return setProblem(t`A JSON field is not valid JSON: correct it first.`);
    if (!reasonValid(reason)) return setProblem(staffErrorMessage(i18n, new Error('REASON_REQUIRED')));
    setProblem('');
    setNotice('');
    save.mutate({ value, reason: reason.trim() }, { onSuccess: () => setReason('') });
  };
  const refusal = save.error
    ? [staffErrorMessage(i18n, save.error), isApiError(save.error) ? save.error.detail : undefined].filter(Boolean).join(' ')
    : '';

  return (
    <section aria-labelledby="staff-setting-title">
      <h2 id="staff-setting-title" ref={heading} tabIndex={-1}>
        <code>{entry.key}</code>
      </h2>
      <p>{entry.description}</p>
      <form onSubmit={submit} noValidate>
        <SchemaField schema={schema} value={value} onChange={setValue} label={entry.key} path="" onJsonValid={onJsonValid} />
        <ReasonField
          label={t`Reason`}
          value={reason}
          onChange={setReason}
          required
          hint={<Trans>Required: 3 to 500 characters, kept in the audit trail with the change.</Trans>}
        />
        <FormError message={problem || refusal} />
        {entry.twoAdmins && (
          <p className="hint">
            <Trans>This setting is the money policy: a change waits until a second admin approves it.</Trans>
          </p>
        )}
        {/* the parts of these settings that could send members' money elsewhere (server: changeNeedsTwoAdmins) */}
        {entry.key === 'deposit' && (
          <p className="hint">
            <Trans>
              Adding a deposit account, bringing a retired one back, or changing an account’s bank, number or currency waits until a second
              admin approves it; retiring, removing or renaming applies at once. The Deposit accounts screen does this account by account.
            </Trans>
          </p>
        )}
        {isPayingProgramme(entry.key) && (
          <p className="hint">
            <Trans>
              A change that makes this programme pay members more waits until a second admin approves it; one that pays less, or changes
              only its words and pictures, applies at once.
            </Trans>
          </p>
        )}
        {entry.key === 'qrcode' && (
          <p className="hint">
            <Trans>
              A change of the biller ID or the TrueMoney number waits until a second admin approves it; the rest applies at once.
            </Trans>
          </p>
        )}
        {save.isSuccess && !save.isPending && (
          <p role="status">
            {save.data.pending ? (
              <Trans>Proposed: it applies when a second admin approves it.</Trans>
            ) : (
              <Trans>Saved. Members see the change now.</Trans>
            )}
          </p>
        )}
        {notice && <p role="status">{notice}</p>}
        <div className="staff-dialog-actions">
          <button type="button" className="staff-secondary" onClick={onDone}>
            <Trans>Back to the settings</Trans>
          </button>
          <button type="submit" disabled={!online || save.isPending}>
            <Trans>Save</Trans>
          </button>
        </div>
      </form>
      <SettingProposal entry={entry} onNotice={setNotice} />
      <SettingPreview settingKey={entry.key} schema={schema} value={value} />
      <section aria-labelledby="staff-setting-history-title">
        <h3 id="staff-setting-history-title">
          <Trans>History</Trans>
        </h3>
        {history.error && <p role="alert">{staffErrorMessage(i18n, history.error)}</p>}
        {history.data &&
          (history.data.rows.length ? (
            <AuditTable rows={history.data.rows} />
          ) : (
            <p>
              <Trans>No changes recorded yet.</Trans>
            </p>
          ))}
      </section>
    </section>
  );
}
