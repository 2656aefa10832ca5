import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { agreementsQuery } from '../../lib/lookups';
import { Modal, useModalOpen } from '../../ui/modal';
import { SafeHtml } from '../../ui/safe-html';

export const AGREEMENT_DELAY_MS = 1_500;
const ACCEPTED_KEY = 'remember-agreement';

function accepted(): boolean {
  try {
    return localStorage.getItem(ACCEPTED_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * §2: the agreements open 1.5 s after the home loads, until the member accepts them once. A dialog the
 * member opened first (a deposit, a transfer) is theirs to finish: the terms wait until it closes and then
 * show, never stacked over it (a member mid-deposit is not interrupted, and still sees the terms at once after).
 */
export function AgreementModal() {
  const { t } = useLingui();
  const [stage, setStage] = useState<'waiting' | 'due' | 'open' | 'closed'>('waiting');
  const busy = useModalOpen();
  const agreements = useQuery(agreementsQuery());
  useEffect(() => {
    if (accepted()) return;
    const timer = setTimeout(() => setStage('due'), AGREEMENT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  // due, and nothing else open: now (the terms' own dialog then counts as open, so this is decided once)
  if (stage === 'due' && !busy) setStage('open');
  if (stage !== 'open' || !agreements.data?.agreements.length) return null;
  const setOpen = (open: boolean) => setStage(open ? 'open' : 'closed');

  const accept = () => {
    try {
      localStorage.setItem(ACCEPTED_KEY, 'true');
    } catch {
      // storage blocked: it asks again next time, which is the safe side
    }
    setOpen(false);
  };
  return (
    <Modal
      title={t`Terms of use`}
      onClose={() => setOpen(false)}
      closeLabel={t`Close`}
      footer={
        <button type="button" className="button primary block" onClick={accept} data-autofocus>
          {t`I accept`}
        </button>
      }
    >
      {agreements.data.agreements.map((html, i) => (
        <SafeHtml key={i} html={html} className="rich" />
      ))}
    </Modal>
  );
}
