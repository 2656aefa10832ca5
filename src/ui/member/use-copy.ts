import { useLingui } from '@lingui/react/macro';
import { showToast } from '../toast';

/**
 * Copies a text to the clipboard and says so (§8 'Copied: …' / 'Failed to copy'): in a toast, or with
 * `say` in the caller's own status line. `name` is what the message names, the text itself unless given:
 * a secret (a game password) is named ("Password"), never echoed.
 */
export function useCopy(say?: (message: string, ok: boolean) => void) {
  const { t } = useLingui();
  const tell = say ?? ((message: string, ok: boolean) => showToast(message, ok ? 'success' : 'danger'));
  return async (copied: string, name = copied) => {
    const text = name;
    try {
      await navigator.clipboard.writeText(copied);
      tell(t`Copied: ${text}`, true);
    } catch {
      tell(t`Failed to copy`, false);
    }
  };
}
