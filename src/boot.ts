/**
 * The page's only script tag. The public pages are pre-rendered HTML: they paint from the HTML and
 * CSS alone, so the app (src/main.tsx and the libraries it imports) is fetched and started after the
 * first frame instead of competing with the stylesheet for the connection. Other pages get the empty
 * shell, for which waiting a frame costs nothing.
 */
// the stylesheet stays in the page's <head>, render-blocking: the first paint is the styled page
import './styles.css';

const start = () => void import('./main');
if (document.getElementById('root')?.dataset.prerendered) requestAnimationFrame(() => setTimeout(start));
else start();
