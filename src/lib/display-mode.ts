/**
 * Whether the site runs as an installed app (added to the home screen): no address bar and no back
 * button, so a page it navigates to has no way back to it. iOS says so with `navigator.standalone`.
 */
export function isInstalledApp(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches);
}
