import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type FormEvent, type ReactNode } from 'react';
import { isApiError } from '../../lib/http';
import { FormError } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { useOnline } from '../../ui/use-online';
import { staffErrorMessage } from '../staff-errors';

export interface ConfirmDialogProps {
  title: ReactNode;
  confirmLabel: ReactNode;
  /** The form is complete: the confirm button is enabled (the fields' hints say what is missing). */
  ready: boolean;
  pending: boolean;
  /** The action's refusal; a 409 closes the dialog and is told on the screen instead. */
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
  tone?: 'default' | 'danger';
  children: ReactNode;
}

/**
 * A queue action's confirmation: the app's Modal (focus moved in, kept inside, returned on close) around
 * the action's fields, confirmed with Enter or the button.
 */
export function ConfirmDialog({ title, confirmLabel, ready, pending, error, onConfirm, onClose, tone, children }: ConfirmDialogProps) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const formId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (ready && online && !pending) onConfirm();
  };
  const refusal = error && !(isApiError(error) && error.status === 409) ? staffErrorMessage(i18n, error) : '';
  return (
    <Modal
      title={title}
      onClose={onClose}
      closeLabel={t`Close`}
      role="alertdialog"
      tone={tone}
      footer={
        <div className="staff-dialog-actions">
          <button type="button" className="staff-secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" form={formId} disabled={!ready || !online || pending}>
            {confirmLabel}
          </button>
        </div>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        {children}
        <FormError message={refusal} />
      </form>
    </Modal>
  );
}
