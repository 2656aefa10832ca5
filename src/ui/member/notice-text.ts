import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { isNotice, type MemberEvent } from '../../../contract/member-events';
import { errorMessage } from '../../lib/errors';
import { withdrawReasonText } from '../../lib/statement-text/withdraw-reasons';

/** What "while you were away" says of a notice (the same events Web Push tells of), in the app's language. */
export function noticeLine(i18n: I18n, event: MemberEvent, money: (amount: number) => string): string {
  if (!isNotice(event)) return '';
  switch (event.kind) {
    case 'credit':
    case 'qr': {
      const amount = money(event.amount);
      return i18n._(msg`Deposit credited: ${amount} is in your wallet.`);
    }
    case 'slip': {
      if (event.status === 'SUCCESS') {
        const amount = money(event.amount);
        return i18n._(msg`Deposit credited: ${amount} is in your wallet.`);
      }
      const reason = errorMessage(i18n, event.note ?? 'SLIP_UNKNOWN');
      return i18n._(msg`A slip was not credited: ${reason}`);
    }
    case 'withdraw': {
      // the amount, where the event carries it (those told before did not)
      if (event.status === 'SUCCESS') {
        if (event.amount === undefined) return i18n._(msg`Your withdrawal was paid: the money is on its way to your bank account.`);
        const amount = money(event.amount);
        return i18n._(msg`Your withdrawal of ${amount} was paid: the money is on its way to your bank account.`);
      }
      const amount = event.amount === undefined ? undefined : money(event.amount);
      const rejected =
        amount === undefined
          ? i18n._(msg`Your withdrawal was rejected: the money is back in your wallet.`)
          : i18n._(msg`Your withdrawal of ${amount} was rejected: the money is back in your wallet.`);
      // why, where the event says (those told before 2026-12-02 did not)
      const why = withdrawReasonText(i18n, event.reason);
      return why ? `${rejected} ${why}` : rejected;
    }
    case 'transfer':
      return event.status === 'SETTLED'
        ? i18n._(msg`A transfer that was waiting for the game provider went through.`)
        : i18n._(msg`A transfer that was waiting for the game provider did not go through: the money is back where it came from.`);
    case 'chat':
      return i18n._(msg`Support replied in the chat.`);
    default:
      return '';
  }
}
