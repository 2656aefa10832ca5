import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { isApiError } from '../../lib/http';
import { staffErrorMessage } from '../staff-errors';
import { creditWaits } from './credit-hold';
import type { Notice } from './staff-notice';

/**
 * The outcome of a queue action, told on the screen: done (the dialog closes, the row has left the list),
 * or the row was no longer waiting (409: the dialog closes, the sentence says what happened, the list is
 * asked again). Other refusals stay in the dialog, its fields kept.
 */
export function useQueueOutcome() {
  const { i18n, t } = useLingui();
  const [notice, setNotice] = useState<Notice>(null);
  const settle = (close: () => void, done: string, waits?: string) => ({
    onSuccess: (answer: unknown) => {
      // the money policy held the credit for a second person: said as plainly as a credit would be
      setNotice({
        text: creditWaits(answer) ? (waits ?? t`Nothing credited yet: it waits for a second finance clerk or admin.`) : done,
      });
      close();
    },
    onError: (err: unknown) => {
      if (!isApiError(err) || err.status !== 409) return;
      setNotice({ text: staffErrorMessage(i18n, err), conflict: true });
      close();
    },
  });
  return { notice, settle, clear: () => setNotice(null) };
}
