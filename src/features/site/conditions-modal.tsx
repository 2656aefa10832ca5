import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../lib/errors';
import { conditionsQuery } from '../../lib/lookups';
import { Modal } from '../../ui/modal';
import { SafeHtml } from '../../ui/safe-html';

/** §2 Conditions: the operator's condition texts (sanitised HTML) with a confirm button. */
export function ConditionsModal({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useLingui();
  const { data, error } = useQuery(conditionsQuery());
  return (
    <Modal
      title={t`Conditions`}
      onClose={onClose}
      closeLabel={t`Close`}
      footer={
        <button type="button" className="button primary block" onClick={onClose}>
          {t`I understand`}
        </button>
      }
    >
      {error && !data && <p role="alert">{errorMessage(i18n, error.message)}</p>}
      {!data && !error && <p role="status">{t`Loading…`}</p>}
      <ol className="conditions">
        {data?.conditions.map((html, i) => (
          <li key={i}>
            <SafeHtml html={html} className="rich" />
          </li>
        ))}
      </ol>
    </Modal>
  );
}
