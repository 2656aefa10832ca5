import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { SLIP_REASONS, type ReviewSlip, type SlipReason } from '../../../contract/staff-queues';
import { SelectField } from '../../ui/field';
import { ConfirmDialog } from '../queues/confirm-dialog';
import { ReasonField, reasonValid } from '../queues/reason-field';
import type { useQueueOutcome } from '../queues/use-queue-outcome';
import type { useRejectSlip } from './mutations';
import { isSlipReason, SLIP_REASON_NAMES } from './slip-reasons';

interface Props {
  slip: ReviewSlip;
  action: ReturnType<typeof useRejectSlip>;
  outcome: ReturnType<typeof useQueueOutcome>;
  onClose: () => void;
}

/** Reject: one of the §4 reasons (the member reads its sentence), and a comment for the audit trail if wanted. */
export function SlipRejectDialog({ slip, action, outcome, onClose }: Props) {
  const { t, i18n } = useLingui();
  // verification's own reason, when it gave one, is the likely choice
  const [reason, setReason] = useState<SlipReason | ''>(slip.note !== null && isSlipReason(slip.note) ? slip.note : '');
  const [comment, setComment] = useState('');
  const { reference } = slip;
  const ready = reason !== '' && (!comment.trim() || reasonValid(comment));
  const run = () => {
    if (reason === '') return;
    outcome.clear();
    const given = comment.trim();
    action.mutate(
      { id: slip.id, body: given ? { reason, comment: given } : { reason } },
      outcome.settle(onClose, t`Slip ${reference} rejected.`),
    );
  };
  return (
    <ConfirmDialog
      title={<Trans>Reject slip {reference}</Trans>}
      confirmLabel={<Trans>Reject slip</Trans>}
      tone="danger"
      ready={ready}
      pending={action.isPending}
      error={action.error}
      onConfirm={run}
      onClose={onClose}
    >
      <p>
        <Trans>Nothing is credited. The member sees the slip as not accepted, with the reason chosen here.</Trans>
      </p>
      <SelectField label={t`Reason`} value={reason} onChange={(v) => setReason(isSlipReason(v) ? v : '')} required data-autofocus>
        <option value="">{t`Choose a reason`}</option>
        {SLIP_REASONS.map((code) => (
          <option key={code} value={code}>
            {i18n._(SLIP_REASON_NAMES[code])}
          </option>
        ))}
      </SelectField>
      <ReasonField
        label={t`Comment (optional)`}
        value={comment}
        onChange={setComment}
        hint={t`3 to 500 characters, kept in the audit trail.`}
      />
    </ConfirmDialog>
  );
}
