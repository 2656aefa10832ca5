import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { StatementItem } from '../../../contract/statement';
import { formatAccountNo } from '../../../contract/account-rules';
import { firstLine } from './plain-text';

export type Statement = StatementItem;

const DEPOSIT_BY = {
  OPERATOR: msg`Deposit credited by our staff`,
  SLIP: msg`Deposit by bank slip`,
  QR: msg`Deposit by QR code`,
  QR_KBANK: msg`Deposit by KBank QR code`,
  QR_WW: msg`Deposit by TrueMoney QR code`,
  QR_ZAPMAN: msg`Deposit by ZAPMAN QR code`,
  MANUAL: msg`Deposit request`,
  TRUELINK: msg`Deposit by wallet gift link`,
} as const;

/** The bonus's name, or the promotion's code with the first line of its description. */
function rewardName(s: Statement): string {
  if (s.bonus) return firstLine(s.bonus.description) || s.bonus.code;
  if (!s.promotion) return '';
  const line = firstLine(s.promotion.description);
  return line ? `${s.promotion.code} · ${line}` : s.promotion.code;
}

/** Money of the invite programme or cashback: the kind, and the server's description when it says more. */
function programmeText(kind: string, description: string): string {
  const detail = firstLine(description);
  return detail && detail.toLocaleLowerCase() !== kind.toLocaleLowerCase() ? `${kind} · ${detail}` : kind;
}

function bonusText(i18n: I18n, s: Statement): string {
  if (s.invite) return programmeText(i18n._(msg`Invite bonus`), s.invite.description);
  if (s.refund) return programmeText(i18n._(msg`Cashback refund`), s.refund.description);
  // a spin-wheel prize: the server names the wheel and the slice ("Lucky wheel: 100 baht")
  if (s.luckydraw) {
    const prize = s.luckydraw.description || s.luckydraw.code;
    return i18n._(msg`Spin wheel prize · ${prize}`);
  }
  const name = rewardName(s);
  if (s.promotion) return i18n._(msg`Promotion: ${name}`);
  return name ? i18n._(msg`Bonus: ${name}`) : i18n._(msg`Bonus`);
}

/** Why the bonus ended (§3 finishReason): its turnover was reached, the member cancelled it, or our staff ended it. */
function finishText(i18n: I18n, s: Statement): string {
  const name = rewardName(s);
  const reason = (s.bonus ?? s.promotion)?.finishReason;
  if (!name) return reason === 'STAFF' ? i18n._(msg`Bonus ended by our staff`) : i18n._(msg`Bonus ended`);
  if (s.promotion) {
    if (reason === 'TURNOVER') return i18n._(msg`Promotion ended: turnover reached · ${name}`);
    if (reason === 'CLEAR') return i18n._(msg`Promotion cancelled · ${name}`);
    if (reason === 'STAFF') return i18n._(msg`Promotion ended by our staff · ${name}`);
    return i18n._(msg`Promotion ended · ${name}`);
  }
  if (reason === 'TURNOVER') return i18n._(msg`Bonus ended: turnover reached · ${name}`);
  if (reason === 'CLEAR') return i18n._(msg`Bonus cancelled · ${name}`);
  if (reason === 'STAFF') return i18n._(msg`Bonus ended by our staff · ${name}`);
  return i18n._(msg`Bonus ended · ${name}`);
}

/** An entry that moved no money (a bonus that ended on its turnover): no signed figure for it. */
export const movedNoMoney = (s: Statement) => s.amount === 0 && s.statementType === 'finish_bonus';

/**
 * The entry as a sentence in the member's language, with the provider's and bank's names (§2 statement).
 * `bankName`: a bank's name for its code, as the other screens say it (the banks lookup, in the member's
 * language); the code where it has none (the lookup not there yet, a bank it no longer lists).
 */
export function activityText(i18n: I18n, s: Statement, bankName: (code: string) => string | undefined = () => undefined): string {
  const provider = s.provider?.name ?? '';
  switch (s.statementType) {
    case 'deposit':
      return i18n._(DEPOSIT_BY[s.from as keyof typeof DEPOSIT_BY] ?? msg`Deposit`);
    case 'transfer':
      return s.to === 'WALLET' ? i18n._(msg`Transfer from ${provider} to wallet`) : i18n._(msg`Transfer to ${provider}`);
    case 'withdraw': {
      if (!s.bank) return i18n._(msg`Withdrawal to your bank account`);
      const bank = bankName(s.bank.code) || s.bank.code;
      // non-breaking hyphens: an account number never wraps in the middle
      const account = formatAccountNo(s.bank.accountNo).replace(/-/g, '\u2011');
      return i18n._(msg`Withdrawal to ${bank} ${account}`);
    }
    case 'bonus':
      return bonusText(i18n, s);
    case 'finish_bonus':
      return finishText(i18n, s);
    case 'adjustment':
      return s.to === 'REVERSAL' ? i18n._(msg`Reversal of an earlier credit by our staff`) : i18n._(msg`Adjustment by our staff`);
    default:
      return s.statementType;
  }
}

/** The status line; a failed movement says where the money went back to, so no amount stands alone. */
export function statusText(i18n: I18n, s: Statement): string {
  if (s.status === 'SUCCESS') return i18n._(msg`Success`);
  if (s.status !== 'FAILED')
    return s.statementType === 'deposit' && s.from === 'MANUAL' ? i18n._(msg`Waiting for our staff to confirm`) : i18n._(msg`In progress`);
  if (s.statementType === 'deposit' && s.from === 'MANUAL') return i18n._(msg`Not confirmed: nothing was credited`);
  if (s.statementType === 'withdraw') return i18n._(msg`Rejected: the money is back in your wallet`);
  if (s.statementType === 'transfer') {
    const provider = s.provider?.name ?? '';
    return s.to === 'WALLET' ? i18n._(msg`Failed: the money stayed in ${provider}`) : i18n._(msg`Failed: the money is back in your wallet`);
  }
  return i18n._(msg`Failed`);
}
