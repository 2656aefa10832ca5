const BLOCKS = 'p, div, li, dt, dd, tr, h1, h2, h3, h4, h5, h6, blockquote, pre, center, hr';
const BREAK = '\u2029';

/**
 * The first line of operator HTML as plain text, for a one-line statement entry: tags dropped,
 * entities decoded, up to the first paragraph or line break that follows some text; white space collapsed
 * as HTML does (a no-break space stays). Parsed in an inert document: nothing in it runs or loads.
 */
export function firstLine(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  body.querySelectorAll('br').forEach((br) => br.replaceWith(BREAK));
  body.querySelectorAll(BLOCKS).forEach((block) => {
    block.prepend(BREAK);
    block.append(BREAK);
  });
  const lines = (body.textContent ?? '').split(BREAK).map((line) => line.replace(/[\t\n\f\r ]+/g, ' ').trim());
  return lines.find(Boolean) ?? '';
}
