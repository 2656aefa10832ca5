import { useLingui } from '@lingui/react/macro';
import { useKeenSlider } from 'keen-slider/react';
import 'keen-slider/keen-slider.min.css';
import { useState } from 'react';
import type { Banners } from '../../../contract/invite';
import { SafeHtml } from '../safe-html';
import './banner-carousel.css';

/** One operator banner as the bonus, invite and refund calls answer it. */
export type Banner = Banners['banners'][number];

/** Operator banners (keen-slider), each an image with its HTML, and dots to move between them (bonus, invite, refund). */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const { t } = useLingui();
  const [slide, setSlide] = useState(0);
  const [ref, slider] = useKeenSlider<HTMLDivElement>({ slideChanged: (s) => setSlide(s.track.details.rel) });
  return (
    <div className="banner-carousel">
      <div ref={ref} className="keen-slider">
        {banners.map((b, i) => (
          <div key={b.image + i} className="keen-slider__slide banner-slide">
            <img src={b.image} alt="" className="banner-image" />
            <SafeHtml html={b.html} className="banner-html" />
          </div>
        ))}
      </div>
      {banners.length > 1 && (
        <div className="banner-dots" role="group" aria-label={t`Banners`}>
          {banners.map((_, i) => {
            const number = i + 1;
            return (
              <button
                key={number}
                type="button"
                className="dot"
                aria-current={i === slide}
                aria-label={t`Banner ${number}`}
                onClick={() => slider.current?.moveToIdx(i)}
              />
            );
          })}
        </div>
      )}
    </div>
  );
}
