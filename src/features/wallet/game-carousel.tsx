import { useLingui } from '@lingui/react/macro';
import { useKeenSlider } from 'keen-slider/react';
import 'keen-slider/keen-slider.min.css';
import { formatMoney } from '../../lib/format';
import { intlLocale } from '../../lib/i18n';
import type { Slot } from './queries';

/**
 * §2 3D carousel of one category: 300x211 cards 330 apart, the centred one full size and the ones
 * beside it turned away. An active account shows its balance and the provider-unit line; an inactive
 * one offers to open an account.
 */
export function GameCarousel({ title, slots, onOpen }: { title: string; slots: Slot[]; onOpen: (slot: Slot) => void }) {
  const { t } = useLingui();
  const [ref] = useKeenSlider<HTMLDivElement>({
    loop: slots.length > 2,
    mode: 'snap',
    slides: { origin: 'center', perView: 'auto', spacing: 30 },
    detailsChanged(slider) {
      slider.track.details.slides.forEach((slide, i) => {
        const turn = Math.max(-1, Math.min(1, slide.distance));
        slider.slides[i]?.style.setProperty('--turn', turn.toFixed(3));
        slider.slides[i]?.style.setProperty('--scale', (1 - Math.abs(turn) * 0.15).toFixed(3));
      });
    },
  });
  if (!slots.length) return null;
  return (
    <section className="carousel" aria-label={title}>
      <h2>{title}</h2>
      <div ref={ref} className="keen-slider">
        {slots.map((slot) => {
          const name = slot.name;
          const amount = formatMoney(slot.amount, intlLocale());
          const units = formatMoney(slot.amount * slot.ftWalletSlot, intlLocale());
          return (
            <div key={slot.code} className="keen-slider__slide game-slide">
              <button
                type="button"
                className={slot.isActive ? 'game-card active' : 'game-card'}
                style={{ backgroundImage: `url(${slot.background})` }}
                onClick={() => onOpen(slot)}
                aria-label={slot.isActive ? t`${name}: balance ${amount}` : t`${name}: open an account`}
              >
                <img src={slot.logo} alt="" width={56} height={56} />
                <span className="game-name">{slot.name}</span>
                {slot.isActive ? (
                  <>
                    <span className="game-balance">{amount}</span>
                    <span className="game-units">
                      {slot.code} {units}
                    </span>
                  </>
                ) : (
                  <span className="game-open">{t`Open an account`}</span>
                )}
              </button>
            </div>
          );
        })}
      </div>
    </section>
  );
}
