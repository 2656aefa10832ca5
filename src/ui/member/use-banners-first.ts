import { useState } from 'react';
import type { Banner } from './banner-carousel';

export type Stage = { step: 'banners'; banners: Banner[] } | { step: 'modal' } | null;

/**
 * §2 "Opening invite or refund first fetches banners": none, the plain modal opens; some, the banner
 * carousel shows and its closing opens the plain modal. No banners to fetch (offline, refused) is none.
 */
export function useBannersFirst(fetchBanners: () => Promise<{ banners: Banner[] }>) {
  const [stage, setStage] = useState<Stage>(null);
  const [opening, setOpening] = useState(false);
  async function open() {
    if (opening) return;
    setOpening(true);
    let banners: Banner[] = [];
    try {
      banners = (await fetchBanners()).banners;
    } catch {
      // no banners to show: straight to the modal, which works from what is saved
    }
    setOpening(false);
    setStage(banners.length > 0 ? { step: 'banners', banners } : { step: 'modal' });
  }
  return {
    stage,
    opening,
    open: () => void open(),
    toModal: () => setStage({ step: 'modal' }),
    close: () => setStage(null),
  };
}
