import { useLingui } from '@lingui/react/macro';
import { useOnline } from '../use-online';

/**
 * What a money screen says while its submission's answer was lost and is being asked for again
 * (useMoneySubmission's `checking`): the request may have gone through, so it is not "no connection".
 */
export function CheckingNote({ checking }: { checking: boolean }) {
  const { t } = useLingui();
  const online = useOnline();
  if (!checking) return null;
  return (
    <p className="notice small" role="status">
      {online
        ? t`The answer was lost on the way. Checking whether it went through…`
        : t`The answer was lost on the way. It will be checked when you are back online; nothing happens twice.`}
    </p>
  );
}
