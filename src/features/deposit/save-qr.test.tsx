import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderScreen, setLocale } from '../../../tests/render';
import '../../lib/member/member-errors';
import { loadCatalogPart } from '../../lib/i18n';
import { formatTime } from '../../lib/dates';
import { DepositModal } from './deposit-modal';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 33 33"><path d="M0 0h1v1H0z"/></svg>';
const expireIn = Date.now() + 600_000;

const server = () =>
  fakeServer({
    'GET /api/lookup/deposit': () => [
      200,
      {
        banks: [
          {
            bankCode: 'KBANK',
            bankType: 'QRCODE',
            mode: 'AUTO',
            nameTH: 'KBANK',
            nameEN: 'Kasikornbank',
            bankAccountName: '',
            bankAccountNo: '',
            currency: 'BAHT',
          },
        ],
        wallets: [],
        isManual: false,
      },
    ],
    'GET /api/lookup/slip': () => [200, { minDeposit: 1, closeTime: '00:00' }],
    'GET /api/lookup/banks': () => [200, { banks: [] }],
    'GET /api/qrcode/KBANK': () => [200, { hasQrcode: true, qrcodeId: 'QR1', qrcode: SVG, payload: 'x', amount: 150, expireIn }],
  });

/** jsdom has no canvas and loads no image: a canvas that records what is drawn, an image that loads at once. */
function fakeCanvas() {
  const drawn = { text: [] as string[], images: [] as string[] };
  vi.stubGlobal(
    'Image',
    class {
      onload = () => undefined;
      onerror = () => undefined;
      set src(value: string) {
        drawn.images.push(value);
        queueMicrotask(() => this.onload());
      }
    },
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    fillRect: () => undefined,
    drawImage: () => undefined,
    fillText: (text: string) => drawn.text.push(text),
  } as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (this: HTMLCanvasElement, done) {
    done(new Blob(['png'], { type: 'image/png' }));
  });
  return drawn;
}

async function openCode() {
  renderScreen(<DepositModal onClose={() => undefined} />);
  await userEvent.setup().click(await screen.findByRole('button', { name: 'QR Kasikornbank' }));
  expect(await screen.findByRole('img', { name: 'QR code to pay 150.00 baht' })).toBeVisible();
}

describe('save QR', () => {
  beforeEach(async () => {
    await setLocale('en');
    await loadCatalogPart('member');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    // jsdom has neither: only the share test gives them
    Reflect.deleteProperty(navigator, 'canShare');
    Reflect.deleteProperty(navigator, 'share');
  });

  it('downloads a PNG of the open code with its amount, provider and expiry written under it', async () => {
    server();
    const drawn = fakeCanvas();
    const made: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => (made.push(blob as Blob), 'blob:qr-1'));
    await openCode();
    const link = await screen.findByRole('link', { name: 'Save QR' });
    expect(link).toHaveAttribute('href', 'blob:qr-1');
    expect(link).toHaveAttribute('download', 'qr-KBANK-150.png');
    expect(made[0]?.type).toBe('image/png');
    // the code the panel shows, and under it the lines a member reads in the gallery
    expect(decodeURIComponent(drawn.images[0] ?? '')).toContain('viewBox="0 0 33 33"');
    expect(drawn.text).toEqual(['150.00 baht', 'Kasikornbank', `Pay before ${formatTime(expireIn)}`]);
  });

  it('where the phone shares files, offers share instead: the same PNG goes to the share sheet', async () => {
    server();
    fakeCanvas();
    const share = vi.fn(async (_: ShareData) => undefined);
    Object.defineProperties(navigator, {
      canShare: { value: () => true, configurable: true },
      share: { value: share, configurable: true },
    });
    await openCode();
    expect(screen.queryByRole('link', { name: 'Save QR' })).toBeNull();
    const button = await screen.findByRole('button', { name: 'Share QR' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.setup().click(button);
    const file = share.mock.calls[0]?.[0].files?.[0];
    expect(file?.name).toBe('qr-KBANK-150.png');
    expect(file?.type).toBe('image/png');
  });
});
