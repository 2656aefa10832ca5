import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataStatus } from '../../ui/data-status';
import { ActiveBonusPanel } from './active-bonus';
import { BonusModal } from './bonus-modal';
import './bonus-errors';
import './bonus.css';
import { PromotionForm } from './promotion-form';
import { activeBonusQuery } from '../../lib/member/active-bonus-query';
import { bonusesQuery, type Bonus } from './queries';

/** The bonus cards: the active one marked, one received up to its limit disabled, the others open the bonus modal. */
function BonusGrid({ bonuses, onOpen }: { bonuses: Bonus[]; onOpen: (bonus: Bonus) => void }) {
  const { t } = useLingui();
  if (bonuses.length === 0) return <p className="muted">{t`No bonus is offered right now.`}</p>;
  return (
    <ul className="bonus-grid">
      {bonuses.map((b) => {
        const isActive = !!b.userBonus?.isActive;
        // counted by the server in the operator's day and week (§4)
        const used = !isActive && b.exhausted;
        const image = b.banners[0]?.image;
        return (
          <li key={b.code}>
            <button
              type="button"
              className="bonus-card"
              style={image ? { backgroundImage: `url("${image}")` } : undefined}
              disabled={used}
              onClick={() => onOpen(b)}
            >
              <span className="bonus-card-name">{b.name}</span>
              {isActive && <span className="bonus-card-mark">{t`Active`}</span>}
              {used && (
                <span className="bonus-card-mark muted-mark">{t({ message: 'Received', context: 'bonus received up to its limit' })}</span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** §2 Bonus page: the active bonus (or a promotion code to search), then the bonus cards. */
export function BonusPage() {
  const { t } = useLingui();
  const list = useQuery(bonusesQuery());
  const active = useQuery(activeBonusQuery());
  // the open bonus is read from the list as it is now: its terms follow the money (a deposit credited meanwhile);
  // while no list is held (another language's on its way) it stays as opened, and once a list without it has
  // come (our staff withdrew it) it is closed for good, never to open again by itself
  const [opened, setOpened] = useState<Bonus | null>(null);
  const fresh = opened ? list.data?.bonuses.find((b) => b.code === opened.code) : undefined;
  const open = list.data ? fresh : opened;
  if (opened && list.data && !fresh) setOpened(null);
  const state = active.data;

  return (
    <main className="page">
      <h1>{t`Bonus`}</h1>
      <DataStatus query={list} />
      {state?.status ? <ActiveBonusPanel state={state} bonuses={list.data?.bonuses} /> : state && <PromotionForm />}
      {!state && !active.isPending && (
        // offline with nothing saved, or the check failed: say so instead of leaving the place empty
        <p className="notice small" role="status">
          {t`We could not check whether a bonus is active, so promotion codes cannot be searched just now.`}
        </p>
      )}
      {list.data && <BonusGrid bonuses={list.data.bonuses} onOpen={setOpened} />}
      {open && <BonusModal bonus={open} active={!!open.userBonus?.isActive} blocked={!!state?.status} onClose={() => setOpened(null)} />}
    </main>
  );
}
