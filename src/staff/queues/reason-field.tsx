import { useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';

/** The contract's StaffReason: 3 to 500 characters, said in the audit trail. */
export const REASON_MIN = 3;
export const REASON_MAX = 500;
export const reasonValid = (text: string) => text.trim().length >= REASON_MIN && text.trim().length <= REASON_MAX;
/** A decision's reason is ready: one that refuses needs a valid one; one that agrees, none or a valid one. */
export const decisionReasonReady = (required: boolean, text: string) => (required ? reasonValid(text) : !text.trim() || reasonValid(text));

interface ReasonFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint: ReactNode;
  required?: boolean;
  initialFocus?: boolean;
  /** What is wrong with it, once the form was sent (read with it, and marked invalid). */
  error?: string;
}

/** Why staff do something: a few lines, its rule read with it. */
export function ReasonField({ label, value, onChange, hint, required = false, initialFocus = false, error = '' }: ReasonFieldProps) {
  const id = useId();
  const hintId = useId();
  const errorId = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        rows={3}
        maxLength={REASON_MAX}
        required={required}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={error ? true : undefined}
        {...(initialFocus && { 'data-autofocus': true })}
      />
      <p id={hintId} className="hint">
        {hint}
      </p>
      {error && (
        <p id={errorId} className="form-error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The reason of a decision in a dialog (approve or reject, confirm or reject): required when it refuses,
 * optional when it agrees; focused first.
 */
export function DecisionReasonField({
  required,
  value,
  onChange,
}: {
  required: boolean;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useLingui();
  return (
    <ReasonField
      label={required ? t`Reason` : t`Reason (optional)`}
      value={value}
      onChange={onChange}
      required={required}
      initialFocus
      hint={t`3 to 500 characters, kept in the audit trail.`}
    />
  );
}

/** The reason a change cannot go without, focused first: the one field of a dialog that changes someone's account. */
export function RequiredReasonField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useLingui();
  return (
    <ReasonField
      label={t`Reason`}
      value={value}
      onChange={onChange}
      required
      initialFocus
      hint={t`Required: 3 to 500 characters, kept in the audit trail.`}
    />
  );
}
