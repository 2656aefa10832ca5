import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
};

/** A labelled input; the label is the accessible name and a hint is read with it. */
export function TextField({ label, value, onChange, hint, ...rest }: InputProps) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-describedby={hint ? hintId : undefined} {...rest} />
      {hint && (
        <p id={hintId} className="hint">
          {hint}
        </p>
      )}
    </div>
  );
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value' | 'id'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  /** Read with the select. */
  hint?: ReactNode;
  /** The hint follows the choice: said when it changes (a polite live region, in the page from the start). */
  hintLive?: boolean;
};

export function SelectField({ label, value, onChange, children, hint, hintLive = false, ...rest }: SelectProps) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-describedby={hint ? hintId : undefined} {...rest}>
        {children}
      </select>
      {(hint || hintLive) && (
        <p id={hintId} className="hint" aria-live={hintLive ? 'polite' : undefined}>
          {hint}
        </p>
      )}
    </div>
  );
}

export function FormError({ message }: { message: string }) {
  return message ? (
    <p className="form-error" role="alert">
      {message}
    </p>
  ) : null;
}
