import { Trans } from '@lingui/react/macro';

/** A member's status in words: a disabled member is flagged. */
export function MemberStatusText({ status }: { status: 'active' | 'disabled' }) {
  return status === 'active' ? (
    <Trans>Active</Trans>
  ) : (
    <span className="staff-flag">
      <Trans>Disabled</Trans>
    </span>
  );
}
