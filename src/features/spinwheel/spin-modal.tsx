import { useLingui } from '@lingui/react/macro';
import { Plural } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { putQueryData } from '../../lib/query-data';
import { DataStatus } from '../../ui/data-status';
import { CheckingNote } from '../../ui/member/checking-note';
import { Modal } from '../../ui/modal';
import { useOnline } from '../../ui/use-online';
import { ErrorAlert } from '../../ui/member/error-alert';
import { OfflineReason } from '../../ui/member/offline-reason';
import { useMoneyWords } from '../../ui/member/money-words';
import { CouponTable } from './coupon-table';
import { useSpin, useSpinRefresh } from './mutations';
import { PrizeModal } from './prize-modal';
import { setupQuery, type Setup, type Slice, type Spun } from './queries';
import { finalRotation, FRICTION_EASING, spinPlan } from './rotation';
import { WheelSvg } from './wheel-svg';
import './spin-errors';
import './spinwheel.css';

const restAngle = (count: number) => -180 / Math.max(1, count);

type Won = Spun['result'] & { slice: Slice | undefined };

const reducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * §2 Spin wheel modal, §4 its states: idle; spinning (blocked while spinning or at 0 coins); the
 * server draws the slice, the wheel turns to it, and the prize pop-up opens; closing it reloads the wheel.
 * Coins of a deposit not yet played through are shown apart, with what is left to bet (issue 19).
 */
export function SpinModal({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const queryClient = useQueryClient();
  const setup = useQuery(setupQuery());
  const spin = useSpin();
  const refresh = useSpinRefresh();
  const reasonId = useId();
  const [spinning, setSpinning] = useState(false);
  // null: at rest as first drawn, slice 0's middle under the pointer (not a border between two prizes)
  const [turn, setTurn] = useState<{ rotation: number | null; durationMs: number }>({ rotation: null, durationMs: 0 });
  const [won, setWon] = useState<Won | null>(null);
  const [announced, setAnnounced] = useState('');
  const [failure, setFailure] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const spinButton = useRef<HTMLButtonElement>(null);
  useEffect(() => () => clearTimeout(timer.current), []);

  const wheel = setup.data?.result.activeSpinwheel ?? null;
  const coins = setup.data?.result.userCoin ?? 0;
  const waiting = setup.data?.result.waitingCoin;
  const { amount } = useMoneyWords();
  const waitingCoins = waiting?.coins ?? 0;
  const bet = waiting ? amount(waiting.bet) : '';

  function finish(result: Won) {
    setSpinning(false);
    setWon(result);
    const label = result.label;
    setAnnounced(result.coupon === null ? t`The wheel stopped on ${label}.` : t`The wheel stopped on ${label}: you won a coupon.`);
    // the coin is spent and a coupon may be new: show both now the wheel has stopped, not before
    void putQueryData<Setup>(
      queryClient,
      setupQuery().queryKey,
      (old) => old && { result: { ...old.result, userCoin: result.remainingCoin } },
    );
    refresh.stopped();
  }

  function land(result: Spun['result']) {
    const slices = wheel?.slice ?? [];
    const index = slices.findIndex((s) => s.code === result.code);
    const prize = { ...result, slice: slices[index] };
    // a wheel changed since it was loaded: no slice to turn to, the pop-up says what was won
    if (index < 0) return finish(prize);
    const plan = spinPlan();
    const still = reducedMotion();
    const durationMs = still ? 0 : plan.durationMs;
    const from = (old: number | null) => old ?? restAngle(slices.length);
    setTurn((old) => ({ rotation: finalRotation(from(old.rotation), index, slices.length, plan.turns, plan.offset), durationMs }));
    timer.current = setTimeout(() => finish(prize), durationMs);
  }

  function start() {
    setSpinning(true);
    setAnnounced(t`Spinning…`);
    spin.mutate(undefined, {
      onSuccess: (answer) => land(answer.result),
      onError: (err) => {
        setSpinning(false);
        setAnnounced('');
        setFailure(err.message);
        // closed meanwhile: the home drops the widget and the modal says the wheel is closed
        if (err.message === 'SPINWHEEL_INACTIVE') refresh.closed();
      },
    });
  }

  function closePrize() {
    setWon(null);
    void setup.refetch();
    // Spin was disabled (so not focused) while the wheel turned: keyboard users go on from it
    setTimeout(() => spinButton.current?.focus());
  }

  // no coin to spin: why Spin is off is the coins waiting for play, when there are (telling to deposit for one
  // beside them contradicted them: a walk), else that deposits earn coins
  const needCoin = online && !!wheel && coins <= 0 && !spinning;
  const reason = !online ? (
    <OfflineReason id={reasonId} />
  ) : needCoin && !waiting ? (
    <p id={reasonId} className="hint">
      {t`You need a coin to spin. Deposits earn coins.`}
    </p>
  ) : null;
  const names = wheel?.slice.map((s) => s.label).join(', ') ?? '';

  return (
    <Modal title={wheel?.name ?? t`Spin wheel`} onClose={onClose} closeLabel={t`Close`}>
      <DataStatus query={setup} />
      {setup.data && !wheel && <p className="notice">{errorMessage(i18n, 'SPINWHEEL_INACTIVE')}</p>}
      {wheel && (
        <div className="spin-stage">
          <p className="spin-coins">
            <Plural value={coins} one="You have # coin" other="You have # coins" />
          </p>
          {waiting && (
            <p id={needCoin ? reasonId : undefined} className="hint spin-waiting">
              <Plural
                value={waitingCoins}
                one={`# coin is waiting for play: bet ${bet} more to receive it. A withdrawal before then cancels it.`}
                other={`# coins are waiting for play: bet ${bet} more to receive them. A withdrawal before then cancels them.`}
              />
            </p>
          )}
          <WheelSvg
            slices={wheel.slice}
            rotation={turn.rotation ?? restAngle(wheel.slice.length)}
            durationMs={turn.durationMs}
            easing={FRICTION_EASING}
            label={t`Prize wheel with: ${names}`}
          />
          <p className="spin-announce" role="status">
            {announced}
          </p>
          <CheckingNote checking={spin.checking} />
          <button
            ref={spinButton}
            type="button"
            className="button primary block"
            disabled={!online || spinning || coins <= 0}
            aria-describedby={reason || needCoin ? reasonId : undefined}
            onClick={start}
          >
            {spinning ? t`Spinning…` : t`Spin (1 coin)`}
          </button>
          {reason}
        </div>
      )}
      <CouponTable />
      {won && <PrizeModal label={won.label} slice={won.slice} won={won.coupon !== null} onClose={closePrize} />}
      {failure && <ErrorAlert title={t`Could not spin`} text={errorMessage(i18n, failure)} onClose={() => setFailure('')} />}
    </Modal>
  );
}
