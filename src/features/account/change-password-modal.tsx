import { useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { passwordRule, PASSWORD_MIN } from '../../../contract/account-rules';
import { errorMessage } from '../../lib/errors';
import { FormError, TextField, useSaid } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { showToast } from '../../ui/toast';
import { useChangePassword } from './mutations';

/** §2 change-password modal with the §5 rules; a server error opens an alert titled with its message. */
export function ChangePasswordModal({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useLingui();
  const [values, setValues] = useState({ oldPassword: '', newPassword: '', confirm: '' });
  const [error, setError] = useSaid();
  const [alert, setAlert] = useSaid();
  const change = useChangePassword();
  const set = (key: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setError('');
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    const { oldPassword, newPassword, confirm } = values;
    if (!oldPassword || !newPassword || !confirm || change.isPending) return; // §5: silently not submitted
    if (newPassword !== confirm) return setError(() => t`The new passwords are not the same.`);
    if (passwordRule(newPassword)) return setError(() => t`Password must be at least ${PASSWORD_MIN} characters.`);
    change.mutate(
      { oldPassword, newPassword },
      {
        onSuccess: () => {
          showToast(t`Your password has been changed.`, 'success');
          onClose();
        },
        onError: (err) => setAlert(() => errorMessage(i18n, err.message)),
      },
    );
  }

  return (
    <Modal title={t`Change password`} onClose={onClose} closeLabel={t`Close`}>
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label={t`Current password`}
          type="password"
          autoComplete="current-password"
          value={values.oldPassword}
          onChange={set('oldPassword')}
          required
          data-autofocus
        />
        <TextField
          label={t`New password`}
          type="password"
          autoComplete="new-password"
          value={values.newPassword}
          onChange={set('newPassword')}
          required
        />
        <TextField
          label={t`Confirm new password`}
          type="password"
          autoComplete="new-password"
          value={values.confirm}
          onChange={set('confirm')}
          required
        />
        <FormError message={error} />
        <div className="row end">
          <button type="button" className="button ghost" onClick={onClose}>
            {t`Cancel`}
          </button>
          <button type="submit" className="button primary" disabled={change.isPending}>
            {change.isPending ? t`Saving…` : t`Save`}
          </button>
        </div>
      </form>
      {alert && (
        <Modal title={alert} role="alertdialog" tone="danger" onClose={() => setAlert('')} closeLabel={t`Close`}>
          <p>{t`Your password was not changed.`}</p>
          <div className="row end">
            <button type="button" className="button primary" onClick={() => setAlert('')} data-autofocus>
              {t`OK`}
            </button>
          </div>
        </Modal>
      )}
    </Modal>
  );
}
