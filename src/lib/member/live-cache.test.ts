import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { SlipListResponse } from '../../../contract/deposit';
import { walletFixture } from '../../../tests/wallet-fixture';
import { applyMemberEvent, qrPaidQuery, somethingPending } from './live-cache';

const slip = (reference: string, status: string) => ({
  createdAt: '2026-11-22T05:00:00.000Z',
  amount: 0,
  status,
  note: null,
  link: true,
  reference,
});

function cache() {
  const queryClient = new QueryClient();
  const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
  const keys = () => invalidated.mock.calls.map(([f]) => f?.queryKey);
  return { queryClient, keys };
}

describe('a live member event in the query cache', () => {
  it('asks the balance, the statement, the bonus list and the active bonus again (not the cancel minimum) on a credit, a staff adjustment, a withdrawal and a transfer', () => {
    for (const event of [
      { kind: 'credit', source: 'OPERATOR', amount: 5 },
      { kind: 'adjustment', amount: -5 },
      { kind: 'withdraw', status: 'FAILED' },
      { kind: 'transfer', status: 'RETURNED' },
    ] as const) {
      const { queryClient, keys } = cache();
      applyMemberEvent(queryClient, event);
      expect(keys()).toEqual([['wallet'], ['statement'], ['bonus', 'list'], ['bonus', 'active']]);
    }
  });

  it("turns the slip's row into its result at once, and only that row", () => {
    const { queryClient, keys } = cache();
    queryClient.setQueryData<SlipListResponse>(['slips', 1], { total: 2, slips: [slip('SL1', 'PROCESSING'), slip('SL2', 'PROCESSING')] });
    applyMemberEvent(queryClient, { kind: 'slip', reference: 'SL1', status: 'FAILED', note: 'SLIP_EXPIRED', amount: 99 });
    expect(queryClient.getQueryData<SlipListResponse>(['slips', 1])?.slips.map((s) => [s.reference, s.status, s.note, s.amount])).toEqual([
      ['SL1', 'FAILED', 'SLIP_EXPIRED', 99],
      ['SL2', 'PROCESSING', null, 0],
    ]);
    // a failed slip moved no money
    expect(keys()).toEqual([['slips']]);
    applyMemberEvent(queryClient, { kind: 'slip', reference: 'SL2', status: 'SUCCESS', note: null, amount: 150.25 });
    expect(queryClient.getQueryData<SlipListResponse>(['slips', 1])?.slips[1]).toMatchObject({ status: 'SUCCESS', amount: 150.25 });
    expect(keys().slice(1)).toEqual([['slips'], ['wallet'], ['statement'], ['bonus', 'list'], ['bonus', 'active']]);
  });

  it('marks a paid QR code paid with its amount, and asks the balance again', () => {
    const { queryClient, keys } = cache();
    applyMemberEvent(queryClient, { kind: 'qr', qrcodeId: 'QR1', provider: 'KBANK', status: 'PAID', amount: 100 });
    expect(queryClient.getQueryData(qrPaidQuery('QR1').queryKey)).toEqual({ amount: 100 });
    expect(keys()).toEqual([['wallet'], ['statement'], ['bonus', 'list'], ['bonus', 'active'], ['qrcode']]);
  });

  it('asks the bonus, the balance and the statement again when our staff ended the bonus', () => {
    const { queryClient, keys } = cache();
    applyMemberEvent(queryClient, { kind: 'bonus', status: 'ENDED' });
    expect(keys()).toEqual([['bonus'], ['wallet'], ['statement']]);
  });

  it("asks support's unread count again on a reply", () => {
    const { queryClient, keys } = cache();
    applyMemberEvent(queryClient, { kind: 'chat' });
    expect(keys()).toEqual([['chat', 'unread']]);
  });

  it('counts a slip being checked, an open QR code and a transfer in transit as pending; an expired code is not', () => {
    const now = 1_000_000;
    const { queryClient } = cache();
    expect(somethingPending(queryClient, now)).toBe(false);
    queryClient.setQueryData(['qrcode', 'KBANK'], { hasQrcode: true, expireIn: now - 1 });
    expect(somethingPending(queryClient, now)).toBe(false);
    queryClient.setQueryData(['qrcode', 'KBANK'], { hasQrcode: true, expireIn: now + 60_000 });
    expect(somethingPending(queryClient, now)).toBe(true);
    queryClient.setQueryData(['qrcode', 'KBANK'], { hasQrcode: false });
    queryClient.setQueryData<SlipListResponse>(['slips', 1], { total: 1, slips: [slip('SL1', 'PROCESSING')] });
    expect(somethingPending(queryClient, now)).toBe(true);
    queryClient.setQueryData<SlipListResponse>(['slips', 1], { total: 1, slips: [slip('SL1', 'SUCCESS')] });
    expect(somethingPending(queryClient, now)).toBe(false);
    // the wallet view lists a transfer waiting for its game
    const transit = { kind: 'transfer' as const, amount: 100, from: 'WALLET', to: 'PG', createdAt: '2026-11-25T10:00:00.000Z' };
    queryClient.setQueryData(['wallet'], walletFixture({ pending: [transit] }));
    expect(somethingPending(queryClient, now)).toBe(true);
    queryClient.setQueryData(['wallet'], walletFixture({ pending: [] }));
    expect(somethingPending(queryClient, now)).toBe(false);
  });
});
