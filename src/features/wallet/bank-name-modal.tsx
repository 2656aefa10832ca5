import { useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { isEnglishName, normaliseAccountName } from '../../../contract/account-rules';
import { errorMessage } from '../../lib/errors';
import { FormError, TextField, useSaid } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { showToast } from '../../ui/toast';
import { useSaveBankName } from './mutations';

/** §2 edit bank account name: for KTB, TMB and BBL accounts whose name is not in English letters. */
export function BankNameModal({ bankCode, current, onClose }: { bankCode: string; current: string; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const [name, setName] = useState('');
  const [error, setError] = useSaid();
  const save = useSaveBankName(bankCode);

  function submit(e: FormEvent) {
    e.preventDefault();
    const value = normaliseAccountName(name);
    if (!value || !isEnglishName(value)) return setError(() => t`Please enter the name in English letters only.`);
    save.mutate(value, {
      onSuccess: () => {
        showToast(t`Your bank account name is saved.`, 'success');
        onClose();
      },
      onError: (err) => setError(() => errorMessage(i18n, err.message)),
    });
  }

  return (
    <Modal title={t`Bank account name in English`} onClose={onClose} closeLabel={t`Close`}>
      <form className="form" onSubmit={submit} noValidate>
        <p>{t`Your bank needs the account name in English letters, as printed in your bank book. Now: ${current}`}</p>
        <TextField
          label={t`Name in English`}
          value={name}
          onChange={(v) => (setName(v.toUpperCase()), setError(''))}
          autoCapitalize="characters"
          data-autofocus
        />
        <FormError message={error} />
        <button type="submit" className="button primary block" disabled={save.isPending}>
          {save.isPending ? t`Saving…` : t`Save`}
        </button>
      </form>
    </Modal>
  );
}
