import { useLingui } from '@lingui/react';
import { useCallback, useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

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

/** How to say a message (a `t` string, `errorMessage(i18n, code)`): called at each draw, in the language shown then. */
export type Say = () => string;

/**
 * A message a screen keeps to show (a refusal, a form's problem), kept as how to say it rather than as said:
 * a member who switches the language with it on the screen reads it in the new one, as the rest of the screen
 * (it stayed in the old one when kept as text). `set('')` takes it away; `initial`: one shown from the start.
 */
export function useSaid(initial?: Say): [message: string, set: (say: Say | '') => void] {
  useLingui(); // drawn again when the language changes
  const [say, setSay] = useState<{ say: Say } | null>(initial ? { say: initial } : null);
  const set = useCallback((next: Say | '') => setSay(next === '' ? null : { say: next }), []);
  return [say ? say.say() : '', set];
}
