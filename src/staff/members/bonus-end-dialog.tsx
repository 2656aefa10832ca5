import { Trans, useLingui } from '@lingui/react/macro';
import type { MemberPage } from '../../../contract/staff-members';
import { personOf } from '../../../contract/staff';
import { useQueueFormat } from '../queues/queue-format';
import { MemberReasonDialog } from './reason-dialog';

interface Props {
  page: MemberPage;
  onDone: (text: string) => void;
  onClose: () => void;
}

/**
 * Ends the member's running bonus or promotion, with a reason for the audit trail. No money moves: what the
 * wallet holds stays and is free of the turnover; money to take back is a debit adjustment. The bonus amount
 * is the clerk's credit under the money policy: past their allowance the server holds it (202 CREDIT_WAITS).
 */
export function BonusEndDialog({ page, onDone, onClose }: Props) {
  const { t } = useLingui();
  const { money } = useQueueFormat();
  const bonus = page.bonus?.name ?? '';
  const amount = money(page.bonus?.amount ?? 0, page.currency);
  const asker = page.bonus?.hold ? personOf(page.bonus.hold.askedBy) : null;
  const { name } = page;
  return (
    <MemberReasonDialog
      page={page}
      action="bonus/end"
      title={<Trans>End {bonus}</Trans>}
      confirmLabel={<Trans>End the bonus</Trans>}
      tone="danger"
      done={t`${bonus} of ${name} has ended.`}
      waits={t`Not ended yet: freeing ${amount} passes what you may credit alone. It waits for a second finance clerk or admin to end it.`}
      more={page.bonus ? { bonusId: page.bonus.id } : undefined}
      onDone={onDone}
      onClose={onClose}
    >
      <p>
        <Trans>
          The turnover no longer holds the member's money: they may withdraw at once. No money moves; to take money back, ask for a debit
          adjustment.
        </Trans>
      </p>
      <p>
        {asker ? (
          <Trans>{asker} asked to end it: your end applies it, and counts against no one's allowance.</Trans>
        ) : (
          <Trans>
            Freeing the bonus counts as your credit of {amount}: past what you may credit alone in 24 hours, it waits for a second finance
            clerk or admin.
          </Trans>
        )}
      </p>
    </MemberReasonDialog>
  );
}
