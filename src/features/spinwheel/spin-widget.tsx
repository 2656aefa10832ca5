import { Plural, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { base } from '../../ui/icons';
import { activeQuery } from './queries';

// the wheel (its drawing, coupons, words for errors and styles) loads when the member opens it
const SpinModal = lazy(() => import('./spin-modal').then((m) => ({ default: m.SpinModal })));

const WheelIcon = () => (
  <svg {...base({})}>
    <circle cx="12" cy="13" r="8" />
    <path d="M12 13V5M12 13l7 3M12 13l-7 3M10 2h4l-2 3z" />
  </svg>
);

/** §2 On entry: whether the spin wheel is offered; while it is, its widget takes `otherwise`'s place. */
export function SpinOrElse({ coins, otherwise }: { coins: number | undefined; otherwise: ReactNode }) {
  const active = useQuery(activeQuery()).data?.isActive === true;
  return active ? <SpinWidget coins={coins} /> : otherwise;
}

/** §2 the home's spin-wheel widget, with the member's coins (unknown coins are not shown as 0). */
export function SpinWidget({ coins }: { coins: number | undefined }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="widget" onClick={() => setOpen(true)}>
        <WheelIcon />
        {t`Spin wheel`}{' '}
        {coins !== undefined && (
          <span className="widget-count">
            <Plural value={coins} one="# coin" other="# coins" />
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <SpinModal onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
