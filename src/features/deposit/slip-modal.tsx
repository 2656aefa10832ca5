import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { SlipItem } from '../../../contract/deposit';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/dates';
import { DataStatus } from '../../ui/data-status';
import { Modal } from '../../ui/modal';
import { Pagination } from '../../ui/pagination';
import { showToast } from '../../ui/toast';
import { useOnline } from '../../ui/use-online';
import { SLIP_PAGE_SIZE, slipImageUrl, slipListQuery } from './queries';
import './deposit-errors';
import { useMoneyWords } from '../../ui/member/money-words';

/** §4: SUCCESS and FAILED are final; REVIEW waits for staff; anything else is still being checked. */
function SlipStatus({ slip }: { slip: SlipItem }) {
  const { t, i18n } = useLingui();
  if (slip.status === 'SUCCESS') return <span className="text-success">{t`Credited`}</span>;
  if (slip.status === 'FAILED')
    return (
      <>
        <span className="text-danger">{t`Failed`}</span>
        {slip.note && <span className="small"> · {errorMessage(i18n, slip.note)}</span>}
      </>
    );
  if (slip.status === 'REVIEW') return <span>{t`In review`}</span>;
  return <span>{t`Checking`}</span>;
}

/** §2 Statement: the slips the member uploaded, their status with the reason, and a view of each image. */
export function SlipModal({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useLingui();
  const { money: moneyText } = useMoneyWords();
  const online = useOnline();
  const [page, setPage] = useState(1);
  const query = useQuery({ ...slipListQuery(page), placeholderData: keepPreviousData });
  const [viewing, setViewing] = useState<{ url: string } | null>(null);
  const { data } = query;
  const pages = data ? Math.max(1, Math.ceil(data.total / SLIP_PAGE_SIZE)) : 1;

  async function view(reference: string) {
    try {
      setViewing({ url: await slipImageUrl(reference) });
    } catch (err) {
      showToast(errorMessage(i18n, (err as Error).message), 'danger');
    }
  }

  return (
    <Modal title={t`Slip status`} onClose={onClose} closeLabel={t`Close`}>
      <div className="row between">
        <DataStatus query={query} />
        <button type="button" className="button small" disabled={!online || query.isFetching} onClick={() => void query.refetch()}>
          {query.isFetching ? t`Refreshing…` : t`Refresh`}
        </button>
      </div>
      {data && data.slips.length === 0 && <p className="muted">{t`You have not uploaded a slip yet.`}</p>}
      {data && data.slips.length > 0 && (
        <table className="slip-table">
          <thead>
            <tr>
              <th scope="col">{t`Received`}</th>
              <th scope="col">{t`Amount`}</th>
              <th scope="col">{t`Status`}</th>
              <th scope="col">
                <span className="visually-hidden">{t`Slip image`}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.slips.map((s) => (
              <tr key={s.reference}>
                <td>{formatDateTime(s.createdAt)}</td>
                <td className="amount">{s.amount > 0 ? moneyText(s.amount) : '-'}</td>
                <td>
                  <SlipStatus slip={s} />
                </td>
                <td>
                  {s.link && (
                    <button type="button" className="button small" disabled={!online} onClick={() => void view(s.reference)}>
                      {t`View`}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pages > 1 && <Pagination page={page} pages={pages} onPage={setPage} label={t`Slip pages`} />}
      {viewing && (
        <Modal title={t`Your slip`} onClose={() => setViewing(null)} closeLabel={t`Close`}>
          <img className="slip-image" src={viewing.url} alt={t`The slip you uploaded`} />
        </Modal>
      )}
    </Modal>
  );
}
