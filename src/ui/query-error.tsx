import { useLingui } from '@lingui/react/macro';
import { errorMessage } from '../lib/errors';

/** Why a screen's data did not load, when there is no saved copy to show instead (§8 message). */
export function QueryError({ error, hasData }: { error: Error | null; hasData: boolean }) {
  const { i18n } = useLingui();
  if (!error || hasData) return null;
  return (
    <p className="notice" role="alert">
      {errorMessage(i18n, error.message)}
    </p>
  );
}
