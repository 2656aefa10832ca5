import { lazy } from 'react';

/**
 * The banners a widget shows before its modal (invite, refund): their code (the slider and the operator's-HTML cleaner,
 * 18 KB) loads when the member opens them, never on the way to the home's first balance. `loadBannerModal` starts it
 * as the member presses, beside the modal's own.
 */
export const loadBannerModal = () => import('./banner-modal');
export const BannerModal = lazy(() => loadBannerModal().then((m) => ({ default: m.BannerModal })));
