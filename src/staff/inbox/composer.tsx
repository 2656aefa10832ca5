import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import type { CannedReply, InboxAnswer } from '../../../contract/staff-inbox';
import { CHAT_TEXT_MAX } from '../../../contract/limits';
import { FormError } from '../../ui/field';
import { useOnline } from '../../ui/use-online';
import { staffErrorMessage } from '../staff-errors';
import { uploadAnswerFile, useAnswer } from './queries';

type Kind = 'text' | 'buttons' | 'quick_replies' | 'image' | 'video';
type ButtonType = 'web' | 'call' | 'postback';
interface ButtonRow {
  title: string;
  type: ButtonType;
  payload: string;
}

/** The chat's limits for a file (§9): images up to 10 MB, videos up to 20 MB. */
const FILE_MB = { image: 10, video: 20 } as const;
const ACCEPT = { image: 'image/png,image/jpeg,image/gif', video: 'video/mp4,video/quicktime' } as const;

interface Props {
  room: string;
  /** The conversation's language: a canned reply is put in in it. */
  lang: string | null;
  canned: CannedReply[];
  /** Why nothing can be sent now (the conversation ended, another holds it); undefined: it can. */
  disabledBecause?: string;
  /** The message box, for the conversation to put the focus in (after a take). */
  boxRef?: RefObject<HTMLTextAreaElement | null>;
}

/**
 * The answer box: text (Enter sends, Shift+Enter a new line; canned replies in the conversation's
 * language), buttons, quick replies, or an image or video (uploaded with its percent, within the chat's
 * limits). Sent by the holder only; what failed stays in the box with the reason.
 */
export function Composer({ room, lang, canned, disabledBecause, boxRef }: Props) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const answer = useAnswer(room);
  const kindId = useId();
  const textId = useId();
  const cannedId = useId();
  const [cannedChoice, setCannedChoice] = useState('');
  const fileId = useId();
  const [kind, setKind] = useState<Kind>('text');
  const [text, setText] = useState('');
  const [buttons, setButtons] = useState<ButtonRow[]>([{ title: '', type: 'web', payload: '' }]);
  const [replies, setReplies] = useState<string[]>(['']);
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const ownBox = useRef<HTMLTextAreaElement>(null);
  const textBox = boxRef ?? ownBox;
  // an upload still going when the agent leaves the conversation is stopped: it belongs to this one
  const upload = useRef<AbortController | null>(null);
  useEffect(() => () => upload.current?.abort(), []);
  const busy = answer.isPending || percent !== null;
  const blocked = !!disabledBecause || !online;

  const clear = () => {
    setText('');
    setButtons([{ title: '', type: 'web', payload: '' }]);
    setReplies(['']);
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  /** What the form holds as an answer, or the sentence saying what is missing. */
  const build = (): InboxAnswer | string => {
    const words = text.trim();
    if (kind !== 'image' && kind !== 'video' && !words) return t`Write the message first.`;
    if (text.length > CHAT_TEXT_MAX) return t`The message is over ${CHAT_TEXT_MAX} characters.`;
    if (kind === 'text') return { type: 'text', message: text };
    if (kind === 'buttons') {
      const rows = buttons.filter((b) => b.title.trim() || b.payload.trim());
      if (!rows.length || rows.some((b) => !b.title.trim() || !b.payload.trim())) return t`Give each button a title and what it opens.`;
      if (rows.some((b) => b.type === 'web' && !/^https?:\/\//i.test(b.payload.trim())))
        return t`A web button opens an address starting with https:// or http://.`;
      return {
        type: 'buttons',
        message: text,
        buttons: rows.map((b) => ({ title: b.title.trim(), type: b.type, payload: b.payload.trim() })),
      };
    }
    if (kind === 'quick_replies') {
      const rows = replies.map((r) => r.trim()).filter(Boolean);
      if (!rows.length) return t`Give at least one quick reply.`;
      return { type: 'quick_replies', message: text, replies: rows.map((title) => ({ title, payload: title })) };
    }
    if (!file) return t`Choose the file to send.`;
    const limit = FILE_MB[kind];
    if (file.size > limit * 1024 * 1024) return t`The file is larger than ${limit} MB.`;
    return 'upload';
  };

  const send = async (e?: FormEvent) => {
    e?.preventDefault();
    if (blocked || busy) return;
    const built = build();
    if (typeof built === 'string' && built !== 'upload') return setProblem(built);
    setProblem('');
    let toSend = built as InboxAnswer;
    if (built === 'upload' && file && (kind === 'image' || kind === 'video')) {
      setPercent(0);
      upload.current = new AbortController();
      try {
        const { path } = await uploadAnswerFile(kind, file, setPercent, upload.current.signal);
        toSend = {
          type: 'media',
          fileType: kind,
          filePath: path,
          name: file.name.slice(0, 255),
          ...(text.trim() ? { message: text } : {}),
        };
      } catch (err) {
        setPercent(null);
        return setProblem(staffErrorMessage(i18n, err));
      }
      setPercent(null);
    }
    answer.mutate(toSend, { onSuccess: clear });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.ctrlKey && !e.altKey && !e.metaKey && kind === 'text') {
      e.preventDefault();
      void send();
    }
  };

  /** The chosen canned reply into the message, in the conversation's language, and the caret after it. */
  const insertCanned = () => {
    const reply = canned[Number(cannedChoice)];
    if (!cannedChoice || !reply) return;
    const words = reply.text[(lang === 'la' || lang === 'en' ? lang : 'th') as 'th' | 'la' | 'en'];
    setText((before) => (before.trim() ? `${before.trimEnd()} ${words}` : words));
    setCannedChoice('');
    textBox.current?.focus();
  };

  const refusal = answer.error ? staffErrorMessage(i18n, answer.error) : '';
  const left = CHAT_TEXT_MAX - text.length;
  return (
    <form className="staff-composer" onSubmit={(e) => void send(e)} aria-label={t`Answer`} noValidate>
      {disabledBecause && <p className="staff-notice">{disabledBecause}</p>}
      <div className="staff-composer-row">
        <label htmlFor={kindId}>
          <Trans>Kind</Trans>
        </label>
        <select id={kindId} value={kind} onChange={(e) => setKind(e.target.value as Kind)} disabled={blocked}>
          <option value="text">{t`Text`}</option>
          <option value="buttons">{t`Buttons`}</option>
          <option value="quick_replies">{t`Quick replies`}</option>
          <option value="image">{t`Picture`}</option>
          <option value="video">{t`Video`}</option>
        </select>
        {canned.length > 0 && (
          <>
            <label htmlFor={cannedId}>
              <Trans>Canned reply</Trans>
            </label>
            <select id={cannedId} value={cannedChoice} onChange={(e) => setCannedChoice(e.target.value)} disabled={blocked}>
              <option value="">{t`Choose…`}</option>
              {canned.map((c, i) => (
                <option key={i} value={i}>
                  {c.title}
                </option>
              ))}
            </select>
            <button type="button" className="staff-secondary" onClick={insertCanned} disabled={blocked || !cannedChoice}>
              <Trans>Insert</Trans>
            </button>
          </>
        )}
      </div>
      <div className="field">
        <label htmlFor={textId}>
          {kind === 'image' || kind === 'video' ? <Trans>Words with the file (optional)</Trans> : <Trans>Message</Trans>}
        </label>
        <textarea
          id={textId}
          ref={textBox}
          rows={3}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          disabled={blocked}
          aria-describedby={`${textId}-hint`}
        />
        <p id={`${textId}-hint`} className="hint">
          {kind === 'text' ? <Trans>Enter sends; Shift+Enter starts a new line.</Trans> : null}{' '}
          {left < 200 && <Trans>{left} characters left.</Trans>}
        </p>
      </div>
      {kind === 'buttons' && (
        <fieldset className="staff-setting-group">
          <legend>
            <Trans>Buttons (1 to 3)</Trans>
          </legend>
          {buttons.map((b, i) => {
            const n = i + 1;
            const set = (patch: Partial<ButtonRow>) => setButtons((rows) => rows.map((row, j) => (j === i ? { ...row, ...patch } : row)));
            return (
              <div key={i} className="staff-composer-row">
                <input
                  aria-label={t`Button ${n}: title`}
                  value={b.title}
                  maxLength={100}
                  onChange={(e) => set({ title: e.target.value })}
                  disabled={blocked}
                />
                <select
                  aria-label={t`Button ${n}: kind`}
                  value={b.type}
                  onChange={(e) => set({ type: e.target.value as ButtonType })}
                  disabled={blocked}
                >
                  <option value="web">{t`Web page`}</option>
                  <option value="call">{t`Phone call`}</option>
                  <option value="postback">{t`Answer`}</option>
                </select>
                <input
                  aria-label={t`Button ${n}: address, number or answer`}
                  value={b.payload}
                  maxLength={500}
                  onChange={(e) => set({ payload: e.target.value })}
                  disabled={blocked}
                />
              </div>
            );
          })}
          {buttons.length < 3 && (
            <button
              type="button"
              className="staff-secondary"
              onClick={() => setButtons((rows) => [...rows, { title: '', type: 'web', payload: '' }])}
              disabled={blocked}
            >
              <Trans>Add a button</Trans>
            </button>
          )}
        </fieldset>
      )}
      {kind === 'quick_replies' && (
        <fieldset className="staff-setting-group">
          <legend>
            <Trans>Quick replies (1 to 10)</Trans>
          </legend>
          {replies.map((r, i) => {
            const n = i + 1;
            return (
              <input
                key={i}
                aria-label={t`Quick reply ${n}`}
                value={r}
                maxLength={100}
                onChange={(e) => setReplies((rows) => rows.map((row, j) => (j === i ? e.target.value : row)))}
                disabled={blocked}
              />
            );
          })}
          {replies.length < 10 && (
            <button type="button" className="staff-secondary" onClick={() => setReplies((rows) => [...rows, ''])} disabled={blocked}>
              <Trans>Add a quick reply</Trans>
            </button>
          )}
        </fieldset>
      )}
      {(kind === 'image' || kind === 'video') && (
        <div className="field">
          <label htmlFor={fileId}>
            {kind === 'image' ? <Trans>Picture (PNG, JPEG or GIF, up to 10 MB)</Trans> : <Trans>Video (MP4 or MOV, up to 20 MB)</Trans>}
          </label>
          <input
            id={fileId}
            ref={fileInput}
            type="file"
            accept={ACCEPT[kind]}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            disabled={blocked}
          />
        </div>
      )}
      {percent !== null && (
        <p role="status">
          <Trans>Uploading… {percent}%</Trans>
        </p>
      )}
      <FormError message={problem || refusal} />
      <div className="staff-actions">
        <button type="submit" disabled={blocked || busy}>
          <Trans>Send</Trans>
        </button>
      </div>
    </form>
  );
}
