import { useLingui } from '@lingui/react/macro';
import { useKeenSlider } from 'keen-slider/react';
import 'keen-slider/keen-slider.min.css';
import { useState } from 'react';
import type { Slot } from '../../../contract/wallet';
import { useMoneyWords } from '../../ui/member/money-words';

const CARD_WIDTH = 300;

/**
 * §2 3D carousel of one category: 300x211 cards 330 apart, three in view: the centred card full size
 * and its neighbours turned away and drawn in beside it, so a phone of 360 px still shows that more
 * providers follow; dots say how many and where, and the arrow buttons move by keyboard too.
 * An active account shows its balance and the provider-unit line; an inactive one offers to open one.
 */
export function GameCarousel({ title, slots, onOpen }: { title: string; slots: Slot[]; onOpen: (slot: Slot) => void }) {
  const { t } = useLingui();
  const [current, setCurrent] = useState(0);
  const [ref, slider] = useKeenSlider<HTMLDivElement>({
    mode: 'snap',
    slides: { origin: 'center', perView: 'auto', spacing: 30 },
    slideChanged: (s) => setCurrent(s.track.details.rel),
    detailsChanged(s) {
      // a slide's distance is measured to its left edge: a centred 300 px card is this far from zero
      const centre = s.size ? (s.size - CARD_WIDTH) / 2 / s.size : 0;
      s.track.details.slides.forEach((slide, i) => {
        const turn = Math.max(-1.5, Math.min(1.5, (slide.distance - centre) * 1.1));
        const style = s.slides[i]?.style;
        style?.setProperty('--turn', turn.toFixed(3));
        style?.setProperty('--away', Math.min(1, Math.abs(turn)).toFixed(3));
        style?.setProperty('z-index', String(10 - Math.round(Math.abs(turn) * 4)));
      });
    },
  });
  if (!slots.length) return null;
  const position = `${current + 1} / ${slots.length}`;
  return (
    <section className="carousel" aria-label={title}>
      <div className="row between carousel-head">
        <h2>{title}</h2>
        {slots.length > 1 && (
          <div className="carousel-nav">
            <button type="button" className="icon-button" onClick={() => slider.current?.prev()} aria-label={t`Previous in ${title}`}>
              ‹
            </button>
            <span className="muted small" aria-hidden="true">
              {position}
            </span>
            <button type="button" className="icon-button" onClick={() => slider.current?.next()} aria-label={t`Next in ${title}`}>
              ›
            </button>
          </div>
        )}
      </div>
      <div ref={ref} className="keen-slider">
        {slots.map((slot, i) => (
          <div key={slot.code} className="keen-slider__slide game-slide">
            {/* one Tab stop per carousel, the centred card; the arrow buttons move it */}
            <GameCard slot={slot} onOpen={onOpen} focusable={i === current} />
          </div>
        ))}
      </div>
      {slots.length > 1 && (
        <div className="carousel-dots" aria-hidden="true">
          {slots.map((slot, i) => (
            <span key={slot.code} className={i === current ? 'dot current' : 'dot'} />
          ))}
        </div>
      )}
    </section>
  );
}

function GameCard({ slot, onOpen, focusable }: { slot: Slot; onOpen: (slot: Slot) => void; focusable: boolean }) {
  const { t } = useLingui();
  const { money: moneyText } = useMoneyWords();
  const name = slot.name;
  const amount = moneyText(slot.amount);
  // §2: the provider's own unit, balance times its wallet factor
  const units = moneyText(slot.amount * slot.ftWalletSlot);
  return (
    <button
      type="button"
      className={slot.isActive ? 'game-card active' : 'game-card'}
      style={{ backgroundImage: `url(${slot.background})` }}
      onClick={() => onOpen(slot)}
      tabIndex={focusable ? 0 : -1}
      // an open account is named by what it shows (voice control: "tap PG Soft"); an inactive one's label
      // holds its visible words in their order
      aria-label={slot.isActive ? undefined : t`${name}: open an account`}
    >
      <img src={slot.logo} alt="" width={64} height={64} />
      {slot.isActive ? (
        <>
          <span className="visually-hidden">{t`${name}: balance`}</span> <span className="game-balance">{amount}</span>{' '}
          <span className="game-units">
            {name} · {units}
          </span>
          {slot.unconfirmed && (
            <>
              {' '}
              <span className="game-unconfirmed">{t`Not confirmed`}</span>
            </>
          )}
        </>
      ) : (
        <>
          {/* the space keeps the two words apart for whoever reads the text (axe, voice control): "PG Soft Open an account" */}
          <span className="game-name">{name}</span> <span className="game-open">{t`Open an account`}</span>
        </>
      )}
    </button>
  );
}
