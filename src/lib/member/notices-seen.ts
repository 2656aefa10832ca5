import type { MemberEvent } from '../../../contract/member-events';
import { NOTICES_LISTED } from '../../../contract/limits';
import type { NoticeList } from '../../../contract/push';
import { api } from '../api';

/** The member's unseen notices, newest first (at most NOTICES_LISTED). */
export const unseenNotices = () => api<NoticeList>('/api/push/notices');

/** Every notice up to this id is seen. */
export const markNoticesSeen = (upTo: number) => api('/api/push/notices/seen', { body: { upTo } }).catch(() => undefined);

/**
 * A screen told the member of what a notice tells (a code paid while the phone was offline, found out when it
 * came back): that notice is seen, so "while you were away" does not tell it again. Only when it is the oldest
 * the member has not seen (seen is "every notice up to an id"): an earlier one still waits for its card.
 */
export async function toldHere(tells: (event: MemberEvent) => boolean): Promise<void> {
  const { notices } = await unseenNotices().catch(() => ({ notices: [] }));
  const oldest = notices.at(-1);
  if (oldest && notices.length < NOTICES_LISTED && tells(oldest.event)) await markNoticesSeen(oldest.id);
}
