import { useLingui } from '@lingui/react/macro';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useOnline } from '../../ui/use-online';
import { OfflineReason } from '../../ui/member/offline-reason';
import { PromotionModal } from './promotion-modal';
import { useSaid } from '../../ui/field';

/** Upper-cases what is typed in place, keeping the caret where it was (a controlled value would jump it to the end). */
function upperCased(e: ChangeEvent<HTMLInputElement>): string {
  const input = e.target;
  const upper = input.value.toUpperCase();
  if (upper !== input.value) {
    const { selectionStart, selectionEnd } = input;
    input.value = upper;
    if (selectionStart !== null && selectionEnd !== null) input.setSelectionRange(selectionStart, selectionEnd);
  }
  return upper;
}

/** §2 and §5: a promotion code, upper-cased as typed and required, searched in the promotion modal. */
export function PromotionForm() {
  const { t } = useLingui();
  const online = useOnline();
  const inputId = useId();
  const errorId = useId();
  const offlineId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useSaid();
  const [searching, setSearching] = useState('');

  function submit(e: FormEvent) {
    e.preventDefault();
    const value = code.trim();
    if (!value) return setError(() => t`Please enter a promotion code.`);
    setSearching(value);
  }

  return (
    <>
      <form className="promotion-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={inputId}>{t`Promotion code`}</label>
          <div className="promotion-row">
            <input
              id={inputId}
              value={code}
              onChange={(e) => {
                setCode(upperCased(e));
                setError('');
              }}
              required
              maxLength={64}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            <button type="submit" className="button primary" disabled={!online} aria-describedby={online ? undefined : offlineId}>
              {t`Search`}
            </button>
          </div>
        </div>
        {error && (
          <p id={errorId} className="form-error" role="alert">
            {error}
          </p>
        )}
        {!online && <OfflineReason id={offlineId} />}
      </form>
      {searching && (
        <PromotionModal
          code={searching}
          onClose={() => setSearching('')}
          onReceived={() => {
            setSearching('');
            setCode('');
          }}
        />
      )}
    </>
  );
}
