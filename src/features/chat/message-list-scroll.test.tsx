import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../tests/render';
import { loadCatalogPart } from '../../lib/i18n';
import { CHAT_CATALOG, entry, showList } from './message-list-fixtures';

/** jsdom lays nothing out: the log's sizes are stubbed, and scrollTop is clamped as a browser does. */
function layout(el: HTMLElement, box: { height: number; client: number; top: number }) {
  Object.defineProperty(el, 'scrollHeight', { configurable: true, get: () => box.height });
  Object.defineProperty(el, 'clientHeight', { configurable: true, get: () => box.client });
  Object.defineProperty(el, 'scrollTop', {
    configurable: true,
    get: () => box.top,
    set: (v: number) => (box.top = Math.max(0, Math.min(v, box.height - box.client))),
  });
  return box;
}
const scrollTo = (log: HTMLElement, box: { top: number }, top: number) => {
  box.top = top;
  fireEvent.scroll(log);
};

describe('scrolling the conversation (§2, §4 Chat)', () => {
  beforeEach(async () => {
    await setLocale('en');
    await loadCatalogPart(CHAT_CATALOG);
  });

  const start = [entry(), entry(), entry()];
  const setup = (more = {}) => {
    const view = showList(start, more);
    const log = screen.getByRole('log', { name: 'Conversation' });
    expect(log).toHaveAttribute('aria-live', 'polite');
    const box = layout(log, { height: 1000, client: 300, top: 700 });
    return { ...view, log, box };
  };

  it('follows a new message while the member is at the end', () => {
    const { update, box } = setup();
    box.height = 1100;
    update({ entries: [...start, entry({ payload: { message: 'Anything else?' } })] });
    expect(box.top).toBe(800);
    expect(screen.queryByRole('button', { name: 'New message' })).toBeNull();
  });

  it('counts a member within 40 px of the end as at the end', () => {
    const { update, log, box } = setup();
    scrollTo(log, box, 665);
    box.height = 1100;
    update({ entries: [...start, entry()] });
    expect(box.top).toBe(800);
  });

  it('leaves a member reading further up where they are and offers the new message; the banner takes them there', async () => {
    const { update, log, box } = setup();
    scrollTo(log, box, 100);
    box.height = 1100;
    update({ entries: [...start, entry({ payload: { message: 'Anything else?' } })] });
    expect(box.top).toBe(100);
    await userEvent.click(screen.getByRole('button', { name: 'New message' }));
    expect(box.top).toBe(800);
    expect(screen.queryByRole('button', { name: 'New message' })).toBeNull();
  });

  it('drops the banner when the member scrolls to the end themselves', () => {
    const { update, log, box } = setup();
    scrollTo(log, box, 100);
    box.height = 1100;
    update({ entries: [...start, entry()] });
    expect(screen.getByRole('button', { name: 'New message' })).toBeVisible();
    scrollTo(log, box, 800);
    expect(screen.queryByRole('button', { name: 'New message' })).toBeNull();
  });

  it('shows what the member sent themselves even while reading further up', () => {
    const { update, log, box } = setup();
    scrollTo(log, box, 100);
    box.height = 1100;
    update({ entries: [...start, entry({ sender: 'customer' })] });
    expect(box.top).toBe(800);
    expect(screen.queryByRole('button', { name: 'New message' })).toBeNull();
  });

  it('asks for earlier messages at the top, once, and keeps the member’s place when they arrive above', () => {
    const onLoadOlder = vi.fn();
    const { update, log, box } = setup({ hasOlder: true, onLoadOlder });
    scrollTo(log, box, 300);
    expect(onLoadOlder).not.toHaveBeenCalled();
    scrollTo(log, box, 0);
    scrollTo(log, box, 0);
    expect(onLoadOlder).toHaveBeenCalledTimes(1);

    update({ loadingOlder: true });
    expect(screen.getByText('Loading earlier messages…')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull();

    box.height = 1400;
    update({ loadingOlder: false, hasOlder: false, entries: [entry(), entry(), ...start] });
    expect(box.top).toBe(400);
    expect(screen.queryByText('Loading earlier messages…')).toBeNull();
    scrollTo(log, box, 0);
    expect(onLoadOlder).toHaveBeenCalledTimes(1);
  });

  it('offers a button for earlier messages too (keyboard, or a list too short to scroll)', async () => {
    const onLoadOlder = vi.fn();
    setup({ hasOlder: true, onLoadOlder });
    await userEvent.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    expect(onLoadOlder).toHaveBeenCalledTimes(1);
  });

  it('opens at the newest message', () => {
    // stubbed on the prototype, so the first render already sees the sizes
    const box = layout(HTMLDivElement.prototype, { height: 900, client: 300, top: 0 });
    try {
      showList(start);
      expect(box.top).toBe(600);
    } finally {
      for (const k of ['scrollHeight', 'clientHeight', 'scrollTop']) Reflect.deleteProperty(HTMLDivElement.prototype, k);
    }
  });
});
