import { useLingui } from '@lingui/react/macro';
import { Modal } from '../../ui/modal';

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
