import { generate } from 'promptparse';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SlipVerifierError, type BankAnswer } from '../src/adapters/slip/bank.js';
import { EasySlipBank } from '../src/adapters/slip/easyslip.js';
import { fakeEasySlip, sha256, slipData, type EasySlipSlip, type FakeEasySlip } from './easyslip-fake.js';

/** The EasySlip adapter against a local fake of EasySlip's documented v1 API (server/test/easyslip-fake.ts). */
describe('EasySlip, the slip verifier', () => {
  let fake: FakeEasySlip;
  let bank: EasySlipBank;
  /**
   * A call that is answered waits as long as a loaded machine needs (a 300 ms limit failed a busy CI run);
   * only the hang test uses a short one, where nothing answers however long it waits.
   */
  const ANSWERED_MS = 30_000;
  const HANG_MS = 300;
  const question = (transRef: string, sendingBank = '004') => ({
    payload: generate.slipVerify({ sendingBank, transRef }),
    sendingBank,
    transRef,
  });
  const slip = (transRef: string, overrides: Partial<EasySlipSlip> = {}): EasySlipSlip => ({
    payload: question(transRef).payload,
    transRef,
    amount: 1000.5,
    date: '2026-11-29T09:15:00+07:00',
    sender: { bankId: '004', short: 'KBANK', account: 'xxx-x-x4567-x', nameTh: 'นาย สมชาย ใ' },
    receiver: { bankId: '014', short: 'SCB', account: 'xxx-x-x8765-x' },
    ...overrides,
  });
  const refusal = (work: Promise<unknown>) =>
    work.then(
      () => 'answered',
      (err: unknown) => (err instanceof SlipVerifierError ? err.code : `other: ${String(err)}`),
    );

  beforeAll(async () => {
    fake = await fakeEasySlip();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.mode = 'ok';
    fake.asked.length = 0;
    bank = new EasySlipBank({ baseUrl: fake.url, apiKey: fake.key, timeoutMs: ANSWERED_MS });
  });

  it("asks by the QR's payload and answers the bank's transfer in our terms: minor units, our bank codes, the masked accounts", async () => {
    const s = slip('016333100411BPM04281');
    fake.slips.set(s.payload, s);
    expect(await bank.transaction(question(s.transRef))).toEqual<BankAnswer>({
      kind: 'found',
      ref: { sendingBank: '004', transRef: s.transRef },
      amount: 100_050,
      currency: 'BAHT',
      sender: { bank: 'KBANK', account: 'xxx-x-x4567-x', name: 'นาย สมชาย ใ' },
      receiver: { bank: 'SCB', account: 'xxx-x-x8765-x' },
      time: Date.parse('2026-11-29T02:15:00Z'),
    });
    expect(fake.asked).toEqual([{ payload: s.payload }]);
  });

  it('answers not-found for a transfer the bank does not know, and unreadable for a payload EasySlip refuses', async () => {
    expect(await bank.transaction(question('016333100411BPM00000'))).toEqual({ kind: 'not-found' });
    expect(await bank.transaction({ payload: 'x'.repeat(300), sendingBank: '004', transRef: 'T1' })).toEqual({ kind: 'unreadable' });
  });

  it('reads a slip by its image when our reader found no QR, and says unreadable when EasySlip finds none either', async () => {
    const s = slip('016333100411BPM04282', { amount: 250 });
    fake.slips.set(s.payload, s);
    const image = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]);
    fake.images.set(sha256(image), s.payload);
    const answer = await bank.image(image, 'image/png');
    expect(answer).toMatchObject({ kind: 'found', ref: { sendingBank: '004', transRef: s.transRef }, amount: 25_000 });
    expect(fake.asked).toEqual([{ imageBytes: image.length, imageType: 'image/png' }]);
    expect(await bank.image(new Uint8Array([9, 9, 9]), 'image/jpeg')).toEqual({ kind: 'unreadable' });
  });

  it('takes a duplicate_slip answer (a slip asked of before) as the slip it carries', async () => {
    const s = slip('016333100411BPM04283');
    const server = await import('node:http');
    const dup = server.createServer((_req, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 400, message: 'duplicate_slip', data: slipData(s) }));
    });
    await new Promise<void>((resolve) => dup.listen(0, '127.0.0.1', resolve));
    try {
      const port = (dup.address() as { port: number }).port;
      const answer = await new EasySlipBank({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'k', timeoutMs: ANSWERED_MS }).transaction(
        question(s.transRef),
      );
      expect(answer).toMatchObject({ kind: 'found', amount: 100_050 });
    } finally {
      dup.closeAllConnections();
      dup.close();
    }
  });

  it("throws for what is not an answer about the slip: a wrong key, the operator's quota or subscription, EasySlip or the bank down, too many requests", async () => {
    const s = slip('016333100411BPM04284');
    fake.slips.set(s.payload, s);
    const wrongKey = new EasySlipBank({ baseUrl: fake.url, apiKey: 'not-the-key', timeoutMs: ANSWERED_MS });
    expect(await refusal(wrongKey.transaction(question(s.transRef)))).toBe('unauthorized');
    const seen: Record<string, string> = {};
    for (const mode of ['quota', 'expired', 'server-error', 'rate-limited'] as const) {
      fake.mode = mode;
      seen[mode] = await refusal(bank.transaction(question(s.transRef)));
    }
    expect(seen).toEqual({
      quota: 'quota_exceeded',
      expired: 'application_expired',
      'server-error': 'api_server_error',
      'rate-limited': 'too_many_requests',
    });
  });

  it('gives up on an EasySlip that does not answer within the timeout, or cannot be reached', async () => {
    const s = slip('016333100411BPM04285');
    fake.slips.set(s.payload, s);
    fake.mode = 'hang';
    const impatient = new EasySlipBank({ baseUrl: fake.url, apiKey: fake.key, timeoutMs: HANG_MS });
    expect(await refusal(impatient.transaction(question(s.transRef)))).toBe('timeout');
    const closed = new EasySlipBank({ baseUrl: 'http://127.0.0.1:9', apiKey: fake.key, timeoutMs: ANSWERED_MS });
    expect(await refusal(closed.transaction(question(s.transRef)))).toBe('unreachable');
  });

  it('never takes a body that is not a slip of the one asked for: not JSON, no amount, another transfer', async () => {
    const s = slip('016333100411BPM04286');
    fake.slips.set(s.payload, s);
    const seen: string[] = [];
    for (const mode of ['garbage', 'no-amount', 'other-slip'] as const) {
      fake.mode = mode;
      seen.push(await refusal(bank.transaction(question(s.transRef))));
    }
    expect(seen).toEqual(['malformed', 'malformed', 'malformed']);
  });

  it("answers another country's slip in a currency no deposit here is in, and a bank it does not know as unknown", async () => {
    const s = slip('016333100411BPM04287', { countryCode: 'LA', receiver: { bankId: '777', short: 'XYZ', account: '12xxxx34' } });
    fake.slips.set(s.payload, s);
    expect(await bank.transaction(question(s.transRef))).toMatchObject({
      currency: 'UNKNOWN',
      receiver: { bank: 'UNKNOWN', account: '12xxxx34' },
    });
  });
});
