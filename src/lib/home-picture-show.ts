import { getMember, getToken } from './auth-token';
import { forgetHomePicture, HOME_PATH, PICTURE_KEY, PICTURE_MAX_AGE_MS, PICTURE_SHOWN_MAX_MS, type HomePicture } from './home-picture';
import { BUILD_HASH } from './variant';

/**
 * The app has drawn a screen: its home (whose first part is the balance, or the word that none is saved), or
 * whatever else it has to show (an error, another page).
 */
const APP_SHOWN = 'main';

function read(): HomePicture | undefined {
  try {
    const raw = localStorage.getItem(PICTURE_KEY);
    return raw ? (JSON.parse(raw) as HomePicture) : undefined;
  } catch {
    return undefined;
  }
}

/** The picture, if it may be shown here and now; one that may not is forgotten. */
export function pictureToShow(now = Date.now()): HomePicture | undefined {
  const picture = read();
  if (!picture) return undefined;
  const fits =
    !!getToken() &&
    picture.member === getMember() &&
    picture.build === BUILD_HASH &&
    picture.locale === (localStorage.getItem('locale') ?? '') &&
    now - picture.at < PICTURE_MAX_AGE_MS &&
    now >= picture.at;
  if (!fits) forgetHomePicture();
  return fits ? picture : undefined;
}

/**
 * src/boot.ts, on the home: shows the kept picture over the page (once the home's stylesheets apply) until
 * the app's home is drawn under it. Answers whether it did.
 */
export function showHomePicture(root: HTMLElement): boolean {
  // the app may have drawn its home already (its code was quicker than this picture's)
  if (window.location.pathname !== HOME_PATH || root.querySelector(APP_SHOWN)) return false;
  const picture = pictureToShow();
  if (!picture) return false;
  const cover = document.createElement('div');
  cover.id = PICTURE_KEY;
  cover.className = 'home-picture';
  cover.setAttribute('aria-hidden', 'true');
  // the picture's buttons are not the app's: the cover takes a tap (an inert element would let it through to
  // the app drawing underneath), and what it shows can be neither tapped nor focused
  const shown = cover.appendChild(document.createElement('div'));
  shown.setAttribute('inert', '');
  shown.innerHTML = picture.html;
  for (const styled of shown.querySelectorAll<HTMLElement>('[data-picture-style]')) {
    styled.style.cssText = styled.dataset.pictureStyle ?? '';
    delete styled.dataset.pictureStyle;
  }
  const hrefs = new Set([...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((l) => l.getAttribute('href')));
  let loading = 0;
  for (const href of picture.css) {
    if (!href || hrefs.has(href)) continue;
    loading++;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = () => {
      if (--loading === 0) cover.hidden = false;
    };
    // unstyled it would be no picture of the home
    link.onerror = () => gone();
    document.head.append(link);
  }
  cover.hidden = loading > 0;
  let timer = 0;
  const observer = new MutationObserver(() => {
    if (root.querySelector(APP_SHOWN) || window.location.pathname !== HOME_PATH) gone();
  });
  const gone = () => {
    observer.disconnect();
    window.clearTimeout(timer);
    cover.remove();
  };
  observer.observe(root, { childList: true, subtree: true });
  timer = window.setTimeout(gone, PICTURE_SHOWN_MAX_MS);
  document.body.append(cover);
  return true;
}
