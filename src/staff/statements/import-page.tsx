import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { STATEMENT_BANK_CODES, STATEMENT_MAX_BYTES } from '../../../contract/staff-statements';
import { FormError, SelectField } from '../../ui/field';
import { useOnline } from '../../ui/use-online';
import { StaffLink } from '../link';
import { RoleGate } from '../shell/role-gate';
import { QueryState } from '../shell/route-states';
import { staffErrorMessage } from '../staff-errors';
import { useFocusHeading } from '../use-focus-heading';
import { BANK_NAMES } from './line-texts';
import { PreviewLines, PreviewSummary } from './preview-lines';
import { statementAccountsQueryOptions, useImportStatement, usePreviewStatement } from './queries';

/** Finance and admin: a deposit account's statement, previewed line by line, then imported once. */
export function StatementImportPage() {
  return (
    <RoleGate path="/statements">
      <StatementImport />
    </RoleGate>
  );
}

function StatementImport() {
  const { t, i18n } = useLingui();
  const heading = useFocusHeading();
  const online = useOnline();
  const accounts = useQuery(statementAccountsQueryOptions());
  const [account, setAccount] = useState('');
  const [bank, setBank] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const preview = usePreviewStatement();
  const imported = useImportStatement();
  const chosen = account || accounts.data?.accounts[0]?.accountNo || '';
  const upload = file && { file, account: chosen, bank };
  const previewed = preview.data;
  const result = imported.data;
  const refusal = (err: unknown) => (err ? staffErrorMessage(i18n, err) : '');
  const start = (e: FormEvent) => {
    e.preventDefault();
    if (!upload || tooLarge) return;
    imported.reset();
    preview.mutate(upload);
  };
  const pick = (chosenFile: File | null) => {
    setFile(chosenFile);
    setTooLarge(!!chosenFile && chosenFile.size > STATEMENT_MAX_BYTES);
    preview.reset();
    imported.reset();
  };
  const previewName = previewed?.fileName ?? '';
  const resultName = result?.fileName ?? '';
  const toDo = previewed?.lines.filter((l) => l.action !== 'duplicate').length ?? 0;
  return (
    <section aria-labelledby="staff-statements-title" className="staff-queue">
      <h1 id="staff-statements-title" ref={heading} tabIndex={-1}>
        <Trans>Import a bank statement</Trans>
      </h1>
      <p>
        <Trans>
          Upload the deposit account's statement as the bank's business internet banking exports it: KBank K-BIZ (CSV), SCB (text or CSV),
          Krungthai (the .xls it gives, or .xlsx) or BCEL (CSV or .xlsx). Nothing is credited until you import the preview.
        </Trans>
      </p>
      <QueryState query={accounts} />
      {accounts.data && (
        <form className="staff-filters" onSubmit={start} noValidate>
          <SelectField label={t`Deposit account`} value={chosen} onChange={setAccount} required>
            {accounts.data.accounts.map((a) => (
              <option key={a.accountNo} value={a.accountNo}>
                {a.name} {a.accountNo} ({a.currency})
              </option>
            ))}
          </SelectField>
          <SelectField label={t`Bank's layout`} value={bank} onChange={setBank}>
            <option value="">{t`Tell from the file`}</option>
            {STATEMENT_BANK_CODES.map((code) => (
              <option key={code} value={code}>
                {i18n._(BANK_NAMES[code]!)}
              </option>
            ))}
          </SelectField>
          <div className="field">
            <label htmlFor="staff-statement-file">{t`Statement file`}</label>
            <input
              id="staff-statement-file"
              type="file"
              accept=".csv,.txt,.xlsx,.xls,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
              onChange={(e) => pick(e.target.files?.[0] ?? null)}
              aria-describedby="staff-statement-file-hint"
            />
            <p id="staff-statement-file-hint" className="hint">
              <Trans>At most 5 MB.</Trans>
            </p>
          </div>
          <button type="submit" disabled={!upload || tooLarge || !online || preview.isPending}>
            <Trans>Preview</Trans>
          </button>
        </form>
      )}
      <FormError message={tooLarge ? t`The file is larger than 5 MB: export a shorter period.` : refusal(preview.error)} />
      {previewed && !result && (
        <section aria-labelledby="staff-statement-preview">
          <h2 id="staff-statement-preview">
            <Trans>Preview of {previewName}</Trans>
          </h2>
          <PreviewSummary preview={previewed} />
          <PreviewLines preview={previewed} />
          <FormError message={refusal(imported.error)} />
          <div className="staff-dialog-actions">
            <button
              type="button"
              disabled={!upload || !toDo || !online || imported.isPending}
              onClick={() => upload && imported.mutate({ ...upload, sha256: previewed.sha256 })}
            >
              <Trans>Import {toDo} lines</Trans>
            </button>
            <button type="button" className="staff-secondary" onClick={() => preview.reset()}>
              <Trans>Cancel</Trans>
            </button>
          </div>
        </section>
      )}
      {result && (
        <section aria-labelledby="staff-statement-result">
          <h2 id="staff-statement-result" tabIndex={-1} ref={(el) => el?.focus()}>
            <Trans>Imported {resultName}</Trans>
          </h2>
          <PreviewSummary preview={result} />
          <PreviewLines preview={result} />
          <p>
            <StaffLink to="/statements/queue">
              <Trans>Open the unmatched statement lines</Trans>
            </StaffLink>
          </p>
        </section>
      )}
    </section>
  );
}
