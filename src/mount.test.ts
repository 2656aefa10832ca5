import { describe, expect, it } from 'vitest';
import { earlyInput } from './mount';

/** The pre-rendered sign-in form as the server sends it: empty fields, "remember me" ticked. */
function prerenderedForm(): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = `<form>
    <input name="phone" type="tel" value="">
    <input name="password" type="password" value="">
    <input type="checkbox" checked>
  </form>`;
  return root;
}

describe('what the member did before the app started', () => {
  it('is nothing on a form left as it came, ticked box included (no replay, no chunk to fetch)', () => {
    expect(earlyInput(prerenderedForm())).toEqual([]);
  });

  it('is each field typed in and each box ticked or unticked', () => {
    const root = prerenderedForm();
    const [phone, , remember] = [...root.querySelectorAll('input')];
    phone!.value = '0812345678';
    remember!.checked = false;
    expect(earlyInput(root).map((e) => [e.field, e.value, e.checked])).toEqual([
      [phone, '0812345678', false],
      [remember, 'on', false],
    ]);
  });
});
