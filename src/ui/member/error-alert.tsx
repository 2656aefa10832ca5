import { useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../lib/errors';
import { Modal } from '../modal';

/** An error in an alert dialog titled with it (§8: bonus and promotion activation, cancelling). */
export function ErrorAlert({ title, text, onClose }: { title: string; text: string; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Modal title={title} role="alertdialog" tone="danger" onClose={onClose} closeLabel={t`Close`}>
      <p>{text}</p>
      <button type="button" className="button primary block" onClick={onClose}>
        {t`OK`}
      </button>
    </Modal>
  );
}

/** A receive that failed: refused by the server (nothing added), or its answer lost on the way (it may have gone through). */
export function ReceiveFailure({ code, onClose }: { code: string; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const lost = code === 'NETWORK_ERROR' || code === 'TIMEOUT';
  return (
    <ErrorAlert
      title={errorMessage(i18n, code)}
      text={
        lost
          ? t`We could not tell whether it went through. Check your wallet and this page before trying again.`
          : t`Nothing was added to your wallet.`
      }
      onClose={onClose}
    />
  );
}
