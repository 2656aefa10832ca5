import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, setLocale } from '../../../tests/render';
import { setToken } from '../../lib/auth-token';
import { loadCatalogPart } from '../../lib/i18n';
import { slipOutbox } from './slip-outbox';
import { SlipSection } from './slip-section';

const WARNING = /This slip has waited on this device for more than an hour\..*send it to support in the chat\./;

/**
 * Issue 38: a slip that waits on the phone (offline, or its session ended) past the hour a slip must reach
 * us in is never dropped in silence: its row says it may be refused and what to do then.
 */
describe('a slip waiting on the device', () => {
  beforeEach(async () => {
    await setLocale('en');
    await loadCatalogPart('member');
    setToken('member-token', true, `08${Math.floor(Math.random() * 1e8)}`);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  });
  afterEach(async () => {
    for (const item of slipOutbox.list()) await slipOutbox.remove(item.id);
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  async function queuedAt(time: string) {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(new Date(time));
    await slipOutbox.add('slip', { file: new Blob(['slip'], { type: 'image/png' }), name: `slip-${time}.png` });
  }

  it('says, past the hour, that it may be refused and to send it to support then; not before', async () => {
    await queuedAt('2026-11-22T05:00:00Z');
    vi.setSystemTime(new Date('2026-11-22T05:59:00Z'));
    const early = renderScreen(<SlipSection headingId="slip" closed={false} />);
    expect(await screen.findByText('Waiting for a connection: it will be sent by itself when you are back online.')).toBeVisible();
    expect(screen.queryByText(WARNING)).toBeNull();
    early.unmount();

    vi.setSystemTime(new Date('2026-11-22T06:01:00Z'));
    renderScreen(<SlipSection headingId="slip" closed={false} />);
    expect(await screen.findByText(WARNING)).toBeVisible();
    // still waiting to go, and the member may still cancel it
    expect(screen.getByRole('status')).toHaveTextContent('Waiting for a connection');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    await act(async () => undefined);
  });
});
