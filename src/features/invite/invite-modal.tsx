import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatDateTime } from '../../lib/dates';
import { DataStatus } from '../../ui/data-status';
import { Modal } from '../../ui/modal';
import { Pagination } from '../../ui/pagination';
import { showToast } from '../../ui/toast';
import '../../ui/member/programme.css';
import { inviteLink, inviteListQuery, INVITE_PAGE_SIZE } from './queries';
import { useMoneyWords } from '../../ui/member/money-words';
import { useCopy } from '../../ui/member/use-copy';

/** The link with a copy button ('Copied: …' / 'Failed to copy', §8) and, where the browser can, Share. */
function InviteLinkBox({ link }: { link: string }) {
  const { t } = useLingui();
  const id = useId();
  const canShare = typeof navigator.share === 'function';
  const copy = useCopy();
  async function share() {
    try {
      await navigator.share({ title: t`Join me`, text: t`Register with my invite link:`, url: link });
    } catch (err) {
      // the member closed the share sheet: nothing to say
      if ((err as Error).name !== 'AbortError') showToast(t`Could not share the link. Copy it instead.`, 'danger');
    }
  }
  return (
    <div className="invite-link">
      <div className="field">
        <label htmlFor={id}>{t`Your invite link`}</label>
        <input id={id} type="text" value={link} readOnly onFocus={(e) => e.currentTarget.select()} />
      </div>
      <div className="row gap">
        <button type="button" className="button primary block" onClick={() => void copy(link)}>
          {t`Copy link`}
        </button>
        {canShare && (
          <button type="button" className="button block" onClick={() => void share()}>
            {t`Share`}
          </button>
        )}
      </div>
    </div>
  );
}

/** The records that earned the member something (§3 Invite record), 10 a page; the saved copy offline. */
function InviteRecords() {
  const { t } = useLingui();
  const { money: moneyText } = useMoneyWords();
  const [page, setPage] = useState(1);
  const query = useQuery(inviteListQuery(page));
  const { data } = query;
  const pages = data ? Math.max(1, Math.ceil(data.total / INVITE_PAGE_SIZE)) : 1;
  return (
    <section aria-label={t`Invite records`}>
      <h3 className="programme-subtitle">{t`Invite records`}</h3>
      <DataStatus query={query} />
      {data && data.invites.length === 0 && <p className="muted">{t`No invite bonus yet. Share your link with friends.`}</p>}
      {data && data.invites.length > 0 && (
        <table className="slip-table programme-table">
          <thead>
            <tr>
              <th scope="col">{t`Friend`}</th>
              <th scope="col" className="amount">
                {t`Amount`}
              </th>
              <th scope="col">{t`Date`}</th>
            </tr>
          </thead>
          <tbody>
            {data.invites.map((r, i) => (
              <tr key={`${r.createdAt}-${i}`}>
                <td>{r.from.name}</td>
                <td className="amount">{moneyText(r.amount)}</td>
                <td className="date">{formatDateTime(r.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pages > 1 && <Pagination page={page} pages={pages} onPage={setPage} label={t`Invite record pages`} />}
    </section>
  );
}

/** §2 Invite modal: the member's invite link to copy or share, and the invite records. */
export function InviteModal({ profileId, onClose }: { profileId: number; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Modal title={t`Invite friends`} onClose={onClose} closeLabel={t`Close`}>
      <p className="small">{t`Friends who register with your link are yours: you earn a share of each of their deposits.`}</p>
      <InviteLinkBox link={inviteLink(window.location.origin, profileId)} />
      <InviteRecords />
    </Modal>
  );
}
