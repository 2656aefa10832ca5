import { Trans } from '@lingui/react/macro';

/**
 * A row's buttons while its change waits for a second admin: the one who asked sees it waits and may withdraw
 * it; another admin approves or rejects it. Each button's name says which row it acts on.
 */
export function SecondAdminActions({
  mine,
  online,
  labels,
  onApprove,
  onReject,
  onWithdraw,
}: {
  mine: boolean;
  online: boolean;
  labels: { approve: string; reject: string; withdraw: string };
  onApprove: () => void;
  onReject: () => void;
  /** The asker's own withdrawal (a rejection to the server): a dialog of its own words. */
  onWithdraw: () => void;
}) {
  if (mine)
    return (
      <>
        <Trans>Waiting for another admin</Trans>
        <button type="button" className="staff-secondary" disabled={!online} onClick={onWithdraw} aria-label={labels.withdraw}>
          <Trans>Withdraw</Trans>
        </button>
      </>
    );
  return (
    <>
      <button type="button" disabled={!online} onClick={onApprove} aria-label={labels.approve}>
        <Trans>Approve</Trans>
      </button>
      <button type="button" className="staff-secondary" disabled={!online} onClick={onReject} aria-label={labels.reject}>
        <Trans>Reject</Trans>
      </button>
    </>
  );
}
