import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/**
 * A labelled text field (or text area) with its hint and its problem, tied to it for screen readers.
 * `input`: more of the field's own attributes (a name's length, no autocomplete); `initialFocus`: the field a
 * dialog focuses when it opens.
 */
export function TextField({
  label,
  value,
  onChange,
  hint,
  error = '',
  disabled,
  multiline,
  input,
  initialFocus,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
  error?: string;
  disabled?: boolean;
  multiline?: boolean;
  input?: Pick<InputHTMLAttributes<HTMLInputElement>, 'autoComplete' | 'autoCapitalize' | 'spellCheck' | 'maxLength' | 'required'>;
  initialFocus?: boolean;
}) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const props = {
    id,
    value,
    disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
    ...(initialFocus && { 'data-autofocus': true }),
  };
  return (
    <div className="staff-field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...props} rows={3} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...props} {...input} type="text" onChange={(e) => onChange(e.target.value)} />
      )}
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="form-error">
          {error}
        </p>
      )}
    </div>
  );
}
