import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { ConfirmButtons } from '../../ui/member/confirm-buttons';
import { Modal } from '../../ui/modal';
import { showToast } from '../../ui/toast';
import { useCopy } from '../../ui/member/use-copy';
import { useResetSlotPassword } from './mutations';
import type { Credentials } from '../../../contract/wallet';

/**
 * §2 the game account's username and password, each with a copy button (the member pastes them into the
 * game's app), and the password reset, confirmed first: the old password stops working in the app.
 */
export function GameCredentials({
  code,
  name,
  credentials,
  online,
}: {
  code: string;
  name: string;
  credentials: Credentials;
  online: boolean;
}) {
  const { t, i18n } = useLingui();
  const ids = useId();
  const [copied, setCopied] = useState('');
  const [confirming, setConfirming] = useState(false);
  const reset = useResetSlotPassword(code);

  // said in the line under the rows, named by the row's label: the password is never shown in a toast
  const copy = useCopy(setCopied);

  const confirmReset = () =>
    reset.mutate(undefined, {
      onSuccess: () => showToast(t`A new game password is set.`, 'success'),
      onError: (err) => showToast(errorMessage(i18n, err.message), 'danger'),
      onSettled: () => setConfirming(false),
    });

  // the buttons show only "Copy" (the row's label says what): 'Copy password' beside the value did not fit at
  // 360 px in Thai, and the password's row broke in two where the username's did not (a walk)
  const rows = [
    {
      label: t`Username`,
      value: credentials.username,
      copyLabel: t({
        message: 'Copy username',
        comment:
          'the button shows only "Copy": start with that same word, then a space (screen-reader and voice users say the visible word)',
      }),
    },
    {
      label: t`Password`,
      value: credentials.password,
      copyLabel: t({
        message: 'Copy password',
        comment:
          'the button shows only "Copy": start with that same word, then a space (screen-reader and voice users say the visible word)',
      }),
    },
  ];
  return (
    <>
      {/* typed into the game's app letter for letter: each value whole on one line, never broken inside a
          word at 360 px; a read-only field, so one longer than the line scrolls (and is selectable) rather than wraps */}
      <dl className="details">
        {rows.map((row, i) => (
          <div key={row.label} className="credential-row">
            <dt id={`${ids}-${i}`}>{row.label}</dt>
            <dd className="credential">
              <input
                className="credential-value mono"
                type="text"
                readOnly
                value={row.value}
                size={Math.max(4, row.value.length)}
                aria-labelledby={`${ids}-${i}`}
                autoComplete="off"
                spellCheck={false}
                translate="no"
                onFocus={(e) => e.currentTarget.select()}
              />
              <button type="button" className="button small" aria-label={row.copyLabel} onClick={() => void copy(row.value, row.label)}>
                {t`Copy`}
              </button>
            </dd>
          </div>
        ))}
      </dl>
      <p className="hint" role="status">
        {copied}
      </p>
      <button type="button" className="button block" disabled={!online || reset.isPending} onClick={() => setConfirming(true)}>
        {t`Reset password`}
      </button>
      {confirming && (
        <Modal
          title={t`Reset the game password?`}
          role="alertdialog"
          tone="danger"
          onClose={() => setConfirming(false)}
          closeLabel={t`Close`}
        >
          <p>{t`Your ${name} password changes now. Wherever you signed in with the old one (the game's app), sign in again with the new one.`}</p>
          <ConfirmButtons
            cancelLabel={t`Keep the password`}
            confirmLabel={t`Reset password`}
            danger
            busy={reset.isPending}
            onCancel={() => setConfirming(false)}
            onConfirm={confirmReset}
          />
        </Modal>
      )}
    </>
  );
}
