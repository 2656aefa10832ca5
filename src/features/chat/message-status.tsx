import { Trans, useLingui } from '@lingui/react/macro';
import { ERROR_MESSAGES, errorMessage } from '../../lib/errors';
import { AlertIcon, CheckIcon, ClockIcon } from './message-icons';
import type { ChatEntry } from './types';

interface StatusProps {
  deliver: ChatEntry['deliver'];
  onRetry(): void;
  onDiscard(): void;
}

/** Where one of the member's messages is on its way: uploading, sending, not sent (with what to do), or sent. */
export function DeliveryStatus({ deliver, onRetry, onDiscard }: StatusProps) {
  const { t, i18n } = useLingui();
  switch (deliver?.status) {
    case 'uploading_file': {
      const percent = Math.round(Math.min(100, Math.max(0, deliver.progress ?? 0)));
      return (
        <span className="chat-status">
          <progress className="chat-progress" max={100} value={percent} aria-label={t`Upload progress`} />
          <span>
            <Trans>Uploading {percent}%</Trans>
          </span>
        </span>
      );
    }
    case 'sending':
      return (
        <span className="chat-status" title={t`Sending…`}>
          <ClockIcon />
          <span className="visually-hidden">
            <Trans>Sending…</Trans>
          </span>
        </span>
      );
    case 'failed': {
      // a code the app knows reads as its sentence; an unknown one would be a bare code to the member
      const code = deliver.code;
      const reason = code && Object.hasOwn(ERROR_MESSAGES, code) ? errorMessage(i18n, code) : t`Could not send.`;
      return (
        <span className="chat-status is-failed" role="status">
          <span className="chat-status-reason">
            <AlertIcon /> <Trans>Not sent: {reason}</Trans>
          </span>
          <span className="chat-status-actions">
            <button type="button" className="chat-link-button" onClick={onRetry}>
              <Trans>Try again</Trans>
            </button>
            <button type="button" className="chat-link-button is-danger" onClick={onDiscard}>
              <Trans>Delete</Trans>
            </button>
          </span>
        </span>
      );
    }
    default:
      return (
        <span className="chat-status is-sent">
          <CheckIcon />
        </span>
      );
  }
}
