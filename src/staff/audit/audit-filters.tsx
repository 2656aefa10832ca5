import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../ui/field';
import type { AuditFilters } from './queries';

/** Who, what and on what: each a part of the value the server matches. */
export function AuditFiltersForm({ onApply, disabled }: { onApply: (filters: AuditFilters) => void; disabled: boolean }) {
  const { t } = useLingui();
  const [actor, setActor] = useState('');
  const [action, setAction] = useState('');
  const [target, setTarget] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = { actor: actor.trim(), action: action.trim(), target: target.trim() };
    onApply(Object.fromEntries(Object.entries(trimmed).filter(([, v]) => v)) as AuditFilters);
  };
  return (
    <form className="staff-filters" onSubmit={submit} aria-label={t`Filter the audit trail`}>
      <TextField label={t`Who (username)`} value={actor} onChange={setActor} maxLength={32} />
      <TextField label={t`Action`} value={action} onChange={setAction} maxLength={64} hint={t`For example slip.approve`} />
      <TextField label={t`Target`} value={target} onChange={setTarget} maxLength={128} hint={t`For example member:0812345678`} />
      <button type="submit" disabled={disabled}>
        <Trans>Filter</Trans>
      </button>
    </form>
  );
}
