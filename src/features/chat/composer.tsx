import { useLingui } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import { isBlankText } from '../../../contract/account-rules';
import { CHAT_TEXT_MAX } from '../../../contract/limits';
import { ACCEPT, checkAttachment, isSendKey } from './attachment';

const DRAFT = 'chat-draft';
function readDraft(): string {
  try {
    return sessionStorage.getItem(DRAFT) ?? '';
  } catch {
    return '';
  }
}
function writeDraft(value: string) {
  try {
    if (value) sessionStorage.setItem(DRAFT, value);
    else sessionStorage.removeItem(DRAFT);
  } catch {
    // storage blocked: the draft lives as long as the page
  }
}

export interface ComposerProps {
  onSend(text: string): void;
  onFile(file: File, kind: 'image' | 'video'): void;
  /** false while the chat cannot take a message at all (it never is for lack of a connection: the outbox waits) */
  disabled?: boolean;
}

/**
 * The message box (§2, §5): Enter sends, Shift/Ctrl/Alt/Meta + Enter makes a new line; a blank message
 * is not sent; at most CHAT_TEXT_MAX characters, with the count shown near the limit. The attachment button
 * checks the file's extension, type and size before anything is queued, and says why it refused.
 */
export function Composer({ onSend, onFile, disabled }: ComposerProps) {
  const { t } = useLingui();
  // what is typed survives a reload (this tab only): a page reloaded offline does not lose it
  const [text, setTextState] = useState(() => readDraft());
  const setText = (value: string) => {
    setTextState(value);
    writeDraft(value);
  };
  const [problem, setProblem] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const problemId = useId();
  const countId = useId();
  const blank = isBlankText(text);
  const left = CHAT_TEXT_MAX - text.length;

  const send = () => {
    if (blank || disabled || text.length > CHAT_TEXT_MAX) return;
    onSend(text.trim());
    setText('');
    setProblem('');
  };

  const picked = (file: File | undefined) => {
    if (!file) return;
    const check = checkAttachment(file);
    if (!check.ok) {
      const maxMb = check.reason === 'too-large' ? check.maxMb : 0;
      setProblem(
        check.reason === 'unsupported'
          ? t`File is not supported`
          : t`The file is too large. Please select file no larger than ${maxMb} MB.`,
      );
      return;
    }
    setProblem('');
    onFile(file, check.kind);
  };

  return (
    <form
      className="chat-composer"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      {problem && (
        <p id={problemId} className="chat-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="chat-composer-row">
        <button
          type="button"
          className="icon-button chat-attach"
          aria-label={t`Attach a photo or video`}
          disabled={disabled}
          onClick={() => fileInput.current?.click()}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path
              fill="currentColor"
              d="M16.5 6v11.5a4 4 0 0 1-8 0V5a2.5 2.5 0 0 1 5 0v10.5a1 1 0 0 1-2 0V6H10v9.5a2.5 2.5 0 0 0 5 0V5a4 4 0 0 0-8 0v12.5a5.5 5.5 0 0 0 11 0V6h-1.5z"
            />
          </svg>
        </button>
        <input
          ref={fileInput}
          type="file"
          accept={ACCEPT}
          hidden
          aria-label={t`Photo or video to send`}
          onChange={(e) => {
            picked(e.target.files?.[0]);
            e.target.value = ''; // the same file may be picked again
          }}
        />
        <textarea
          className="chat-input"
          rows={1}
          value={text}
          maxLength={CHAT_TEXT_MAX}
          aria-label={t`Message`}
          aria-describedby={[problem ? problemId : '', left <= 200 ? countId : ''].filter(Boolean).join(' ') || undefined}
          placeholder={t`Write a message…`}
          disabled={disabled}
          onChange={(e) => setText(e.target.value.slice(0, CHAT_TEXT_MAX))}
          onKeyDown={(e) => {
            if (isSendKey(e.nativeEvent)) {
              e.preventDefault();
              send();
            }
          }}
        />
        <button type="submit" className="icon-button chat-send" aria-label={t`Send`} disabled={disabled || blank}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path fill="currentColor" d="M3.4 20.4 21 12 3.4 3.6 3.4 10l12.6 2-12.6 2z" />
          </svg>
        </button>
      </div>
      {left <= 200 && (
        <p id={countId} className="chat-count muted small" aria-live="polite">
          {t`${left} characters left`}
        </p>
      )}
    </form>
  );
}
