import { useLingui } from '@lingui/react/macro';
import { useKeenSlider } from 'keen-slider/react';
import 'keen-slider/keen-slider.min.css';
import { useState } from 'react';
import { ButtonRow, type OnReply } from './message-buttons';
import { ChevronIcon } from './message-icons';
import { safeSrc } from './message-list-payload';
import type { GenericElement } from './types';

/** Support's cards (keen-slider): swipe on touch, previous/next buttons for keys and mice, each card's buttons. */
export function GenericCarousel({ cards, onReply }: { cards: GenericElement[]; onReply: OnReply }) {
  const { t } = useLingui();
  const [slide, setSlide] = useState(0);
  const many = cards.length > 1;
  // the next card peeks in, so a swipe is expected
  const [ref, slider] = useKeenSlider<HTMLDivElement>({
    slides: { perView: many ? 1.15 : 1, spacing: 8 },
    slideChanged: (s) => setSlide(s.track.details.rel),
  });
  const go = (i: number) => {
    setSlide(i);
    slider.current?.moveToIdx(i);
  };
  const total = cards.length;
  const current = slide + 1;
  return (
    <section className="chat-carousel" aria-roledescription="carousel" aria-label={t`Cards`}>
      <div
        ref={ref}
        className="keen-slider"
        // a card's button taking focus would scroll the track natively; keen-slider moves it by transform instead
        onScroll={(e) => (e.currentTarget.scrollLeft = 0)}
      >
        {cards.map((card, i) => {
          const number = i + 1;
          const image = safeSrc(card.image_url);
          return (
            <div
              key={`${i}-${card.title}`}
              className="keen-slider__slide chat-card"
              role="group"
              aria-roledescription="slide"
              aria-label={t`${number} of ${total}`}
              onFocus={() => i !== slide && go(i)}
            >
              {image && <img className="chat-card-image" src={image} alt="" decoding="async" />}
              <div className="chat-card-body">
                <p className="chat-card-title">{card.title}</p>
                {card.subtitle && <p className="chat-card-subtitle">{card.subtitle}</p>}
              </div>
              {card.buttons.length > 0 && <ButtonRow buttons={card.buttons} onReply={onReply} />}
            </div>
          );
        })}
      </div>
      {many && (
        <div className="chat-carousel-nav">
          <button type="button" className="icon-button" disabled={slide === 0} onClick={() => go(slide - 1)} aria-label={t`Previous card`}>
            <ChevronIcon left />
          </button>
          <span className="chat-carousel-count" aria-hidden="true">
            {current} / {total}
          </span>
          <button
            type="button"
            className="icon-button"
            disabled={slide >= total - 1}
            onClick={() => go(slide + 1)}
            aria-label={t`Next card`}
          >
            <ChevronIcon />
          </button>
        </div>
      )}
    </section>
  );
}
