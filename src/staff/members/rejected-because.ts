import { useLingui } from '@lingui/react/macro';
import { withdrawReasonText } from '../../lib/statement-text/withdraw-reasons';

/**
 * A rejected withdrawal's why, as staff read it (the member page's withdrawals, the line beside a chat): what its
 * member was told, and the person's own reason where the server gave it (to finance and admins). None for another.
 */
export function useRejectedBecause() {
  const { t, i18n } = useLingui();
  return ({ rejectReason, staffReason }: { rejectReason: string | null; staffReason: string | null }): string[] => {
    const told = withdrawReasonText(i18n, rejectReason);
    return [told && t`Member told: ${told}`, staffReason && t`Staff reason: ${staffReason}`].filter((line): line is string => !!line);
  };
}
