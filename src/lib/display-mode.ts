/**
 * Whether the site runs as an installed app (added to the home screen): no address bar and no back
 * button, so a page it navigates to has no way back to it. iOS says so with `navigator.standalone`.
 */
export function isInstalledApp(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches);
}

/** Leaves the site for `url` in this tab, as a link followed in place would (a game's page in a browser tab). */
export function goInPlace(url: string): void {
  window.location.assign(url);
}
