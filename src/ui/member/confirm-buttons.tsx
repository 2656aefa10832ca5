import { useId } from 'react';
import { useOnline } from '../use-online';
import { OfflineReason } from './offline-reason';

/**
 * A confirm dialog's two buttons (cancel a bonus, receive the invite bonus, claim a prize): the way out,
 * and the action, which is off while offline (saying why, above the buttons) or while it runs.
 */
export function ConfirmButtons({
  cancelLabel,
  confirmLabel,
  danger = false,
  busy,
  onCancel,
  onConfirm,
}: {
  cancelLabel: string;
  confirmLabel: string;
  danger?: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const online = useOnline();
  const offlineId = useId();
  return (
    <>
      {!online && <OfflineReason id={offlineId} />}
      <div className="row gap">
        <button type="button" className="button block" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={danger ? 'button danger block' : 'button primary block'}
          disabled={!online || busy}
          aria-describedby={online ? undefined : offlineId}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
      </div>
    </>
  );
}
