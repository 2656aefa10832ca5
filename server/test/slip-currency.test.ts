import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember } from './bonus-helpers.js';
import { slipDriver, slipServer } from './slip-helpers.js';

/** The Lao site's deposit accounts: BCEL in kip (kip members), KBank in baht (baht members; seed-lao.ts). */
const BCEL_KIP = '0101200012345678';
const KBANK_BAHT = '0481234567';

describe("a slip into a deposit account of another currency than the member's (the Lao site)", () => {
  let env: Awaited<ReturnType<typeof slipServer>>;
  let baht: { phone: string; token: string };
  const s = slipDriver(
    () => env.server,
    () => env.dir,
    () => baht.token,
  );
  beforeAll(async () => {
    env = await slipServer({ closeTime: '00:00', config: { variant: 'la' } });
    baht = await newMember(env.server, undefined, { currency: 'BAHT' });
  });
  afterAll(() => env.close());

  it('is not credited: the kip account is not one a baht member is offered; their own baht account is', async () => {
    const before = await s.wallet();
    const intoKip = await s.uploadReference(await s.makeSlipOf(baht.phone, '150', '--minutes-ago', s.atNoon(), '--to', BCEL_KIP));
    expect(await s.slipOf(intoKip)).toMatchObject({ status: 'FAILED', note: 'SLIP_WRONG_ACCOUNT' });
    expect(await s.wallet()).toBe(before);
    // `slip make` without an account: the one the member is shown, KBank in baht
    const lines = await s.operator('slip', 'make', baht.phone, '20', `${env.dir}/own.png`, '--minutes-ago', s.atNoon());
    expect(lines[0]).toContain(`to KBANK ${KBANK_BAHT}`);
    const own = await s.uploadReference(await s.makeSlipOf(baht.phone, '20', '--minutes-ago', s.atNoon()));
    expect(await s.slipOf(own)).toMatchObject({ status: 'SUCCESS' });
    expect(await s.wallet()).toBe(before + 20);
  });
});
