import { inLanguage, type Lang } from '../../settings/registry.js';
import type { StatementRow } from './repository.js';
import type { StatementItem } from '../../../../contract/statement.js';

/** Money of the invite programme and cashback: `bonus` entries from INVITE or REFUND (modules/invite, modules/refund). */
const DESCRIPTIONS = {
  INVITE: { th: 'โบนัสชวนเพื่อน', la: 'ໂບນັດແນະນຳໝູ່', en: 'Invite bonus' },
  REFUND: { th: 'คืนยอดเสีย', la: 'ຄືນຍອດເສຍ', en: 'Cashback on losses' },
} as const;

/** The invite or refund a statement entry belongs to, described in the member's language. */
export function programmeOf(r: StatementRow, lang: Lang): Pick<StatementItem, 'invite' | 'refund'> {
  if (r.type !== 'bonus') return {};
  if (r.from === 'INVITE') return { invite: { description: inLanguage(DESCRIPTIONS.INVITE, lang) } };
  if (r.from === 'REFUND') return { refund: { description: inLanguage(DESCRIPTIONS.REFUND, lang) } };
  return {};
}
