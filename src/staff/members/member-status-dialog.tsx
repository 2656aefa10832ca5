import { Trans, useLingui } from '@lingui/react/macro';
import type { MemberPage } from '../../../contract/staff-members';
import { MemberReasonDialog } from './reason-dialog';

interface Props {
  page: MemberPage;
  onDone: (text: string) => void;
  onClose: () => void;
}

/** Disable (ends every session of the member) or enable, always with a reason for the audit trail. */
export function MemberStatusDialog({ page, onDone, onClose }: Props) {
  const { t } = useLingui();
  const disable = page.status === 'active';
  const { name } = page;
  return (
    <MemberReasonDialog
      page={page}
      action={disable ? 'disable' : 'enable'}
      title={disable ? <Trans>Disable {name}</Trans> : <Trans>Enable {name}</Trans>}
      confirmLabel={disable ? <Trans>Disable and end sessions</Trans> : <Trans>Enable</Trans>}
      tone={disable ? 'danger' : 'default'}
      done={disable ? t`${name} is disabled; their sessions ended.` : t`${name} is enabled.`}
      onDone={onDone}
      onClose={onClose}
    >
      <p>
        {disable ? (
          <Trans>The member can no longer sign in, and every open session ends now.</Trans>
        ) : (
          <Trans>The member can sign in again.</Trans>
        )}
      </p>
    </MemberReasonDialog>
  );
}
