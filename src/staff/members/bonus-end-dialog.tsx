import { Trans, useLingui } from '@lingui/react/macro';
import type { MemberPage } from '../../../contract/staff-members';
import { MemberReasonDialog } from './reason-dialog';

interface Props {
  page: MemberPage;
  onDone: (text: string) => void;
  onClose: () => void;
}

/**
 * Ends the member's running bonus or promotion, with a reason for the audit trail. No money moves: what the
 * wallet holds stays and is free of the turnover; money to take back is a debit adjustment.
 */
export function BonusEndDialog({ page, onDone, onClose }: Props) {
  const { t } = useLingui();
  const bonus = page.bonus?.name ?? '';
  const { name } = page;
  return (
    <MemberReasonDialog
      page={page}
      action="bonus/end"
      title={<Trans>End {bonus}</Trans>}
      confirmLabel={<Trans>End the bonus</Trans>}
      tone="danger"
      done={t`${bonus} of ${name} has ended.`}
      onDone={onDone}
      onClose={onClose}
    >
      <p>
        <Trans>
          The turnover no longer holds the member's money: they may withdraw at once. No money moves; to take money back, ask for a debit
          adjustment.
        </Trans>
      </p>
    </MemberReasonDialog>
  );
}
