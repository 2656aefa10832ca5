import { useLingui } from '@lingui/react/macro';
import { CHAT_TEXT_MAX } from '../../../contract/limits';

/** The closing words an agent may send before ending a conversation (one or many): optional, at most 2,000 characters. */
export function ClosingWordsField({ id, value, onChange }: { id: string; value: string; onChange: (words: string) => void }) {
  const { t } = useLingui();
  return (
    <div className="field">
      <label htmlFor={id}>{t`Closing words (optional)`}</label>
      <textarea id={id} rows={3} maxLength={CHAT_TEXT_MAX} value={value} onChange={(e) => onChange(e.target.value)} data-autofocus />
    </div>
  );
}

/** Closing words a server takes: none, or at most the chat's text limit. */
export const closingWordsValid = (words: string) => words.length <= CHAT_TEXT_MAX;
