import CryptoJS from 'crypto-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recoverTruelinks } from '../src/modules/deposit/truelink-service.js';
import { runCommand } from '../src/operator/commands.js';
import { until } from './chat-helpers.js';
import { build, call, login, message, type TestServer } from './helper.js';
import { ledgerProblems, otherMember, setSetting, statementOf, walletOf } from './deposit-helpers.js';
import { pastInFlight, setFaults } from './game-faults.js';

/** What a member of `on()`'s server does with gift links: exactly what the site does (§7). */
function giftLinks(on: () => { server: TestServer; token: string }) {
  // crypto-js AES in passphrase mode
  const encrypt = (link: string, secret = on().server.config.giftlinkSecret) => CryptoJS.AES.encrypt(link, secret).toString();
  const redeem = (link: string, as = on().token, key?: string) =>
    call(on().server.app, 'POST', '/api/wallet/truelink', { link }, { token: as, headers: key ? { 'idempotency-key': key } : {} });
  const makeLink = async (amount: string) => {
    const lines: string[] = [];
    await runCommand(on().server.ctx, ['giftlink', 'make', amount], (l) => lines.push(l));
    return lines.at(-1)!;
  };
  return { encrypt, redeem, makeLink };
}

describe('gift links', () => {
  let server: TestServer;
  let token: string;
  let other: string;
  const { encrypt, redeem, makeLink } = giftLinks(() => ({ server, token }));
  const voucherOf = (link: string) => new URL(link).searchParams.get('v')!;

  beforeAll(async () => {
    server = await build();
    token = await login(server.app);
    other = await otherMember(server, '0893334444');
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await setSetting(server, 'providerFaults', {});
  });

  it('credits the voucher amount once and shows it on the statement; the same link again is a duplicate, for anyone', async () => {
    const link = await makeLink('50.25');
    expect(link).toMatch(/^https:\/\/gift\.truemoney\.com\/campaign\/\?v=[0-9A-Za-z]{35}$/);
    const before = await walletOf(server);
    const res = await redeem(encrypt(link));
    expect([res.statusCode, res.json()]).toEqual([200, { message: 'SUCCESS', amount: 50.25 }]);
    expect(await walletOf(server)).toBe(before + 5_025);
    const { statements } = await statementOf(server, token);
    expect(statements[0]).toMatchObject({ statementType: 'deposit', status: 'SUCCESS', from: 'TRUELINK', to: 'WALLET', amount: 50.25 });

    for (const as of [token, other]) {
      const again = await redeem(encrypt(link), as);
      expect([again.statusCode, message(again)]).toEqual([409, 'TRUELINK_DUPLICATE']);
    }
    expect(await walletOf(server)).toBe(before + 5_025);
  });

  it('credits once when ten redemptions of one link arrive at once, from two members', async () => {
    const link = await makeLink('100');
    const [mine, theirs] = [await walletOf(server, 1), await walletOf(server, 2)];
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => redeem(encrypt(link), i % 2 ? other : token)));
    const codes = answers.map((r) => `${r.statusCode} ${message(r)}`).sort();
    expect(codes).toEqual(['200 SUCCESS', ...Array<string>(9).fill('409 TRUELINK_DUPLICATE')]);
    expect((await walletOf(server, 1)) - mine + ((await walletOf(server, 2)) - theirs)).toBe(10_000);
  });

  it('refuses anything but a gift voucher link, garbage ciphertext and a wrong secret as TRUELINK_INVALID', async () => {
    const v = voucherOf(await makeLink('10'));
    const links = [
      `https://gift.truemoney.com.evil.example/campaign/?v=${v}`,
      `http://gift.truemoney.com/campaign/?v=${v}`,
      `https://gift.truemoney.com:8443/campaign/?v=${v}`,
      `https://user@gift.truemoney.com/campaign/?v=${v}`,
      `https://gift.truemoney.com/other/?v=${v}`,
      `https://gift.truemoney.com/campaign/?v=${v}&next=https://evil.example`,
      `https://gift.truemoney.com/campaign/?x=${v}`,
      `https://gift.truemoney.com/campaign/?v=${v}'--`,
      'https://gift.truemoney.com/campaign/?v=short',
      `https://gift.truemoney.com/campaign/?v=${'A'.repeat(35)}`, // the right shape, but no such voucher
      'not a link',
    ];
    const before = await walletOf(server);
    for (const link of links) {
      const res = await redeem(encrypt(link));
      expect([res.statusCode, message(res)], link).toEqual([400, 'TRUELINK_INVALID']);
    }
    for (const ciphertext of [
      'garbage',
      'U2FsdGVkX1+AAAAAAAAAAA==',
      encrypt(`https://gift.truemoney.com/campaign/?v=${v}`, 'another-secret'),
    ]) {
      const res = await redeem(ciphertext);
      expect([res.statusCode, message(res)], ciphertext).toEqual([400, 'TRUELINK_INVALID']);
    }
    expect(await walletOf(server)).toBe(before);
    // the voucher itself was not touched
    expect((await redeem(encrypt(`https://gift.truemoney.com/campaign/?v=${v}`))).statusCode).toBe(200);
  });

  it('refuses a voucher below 2 baht', async () => {
    const res = await redeem(encrypt(await makeLink('1.99')));
    expect([res.statusCode, message(res)]).toEqual([400, 'TRUELINK_MINIMUM']);
    expect((await redeem(encrypt(await makeLink('2')))).json()).toEqual({ message: 'SUCCESS', amount: 2 });
  });

  it('answers TRUELINK_UNAVAILABLE while the voucher service is down, credits nothing, and the voucher still works after', async () => {
    const link = await makeLink('30');
    const before = await walletOf(server);
    for (const fault of ['fail', 'fail-transfers'] as const) {
      await setSetting(server, 'providerFaults', { VOUCHER: fault });
      const res = await redeem(encrypt(link));
      expect([res.statusCode, message(res)], fault).toEqual([503, 'TRUELINK_UNAVAILABLE']);
    }
    expect(await walletOf(server)).toBe(before);
    await setSetting(server, 'providerFaults', {});
    expect((await redeem(encrypt(link))).json()).toEqual({ message: 'SUCCESS', amount: 30 });
    expect(await walletOf(server)).toBe(before + 3_000);
  });

  it('a redemption the service did but never answered is credited by the sweep, and its key then answers SUCCESS', async () => {
    const link = await makeLink('40');
    const before = await walletOf(server);
    await setFaults(server, { VOUCHER: 'hang-transfers' });
    // a retry sends the same bytes (the site's outbox keeps the encrypted body)
    const sealed = encrypt(link);
    const res = await redeem(sealed, token, 'gift-key-0001');
    expect([res.statusCode, message(res)]).toEqual([503, 'TRUELINK_UNAVAILABLE']);
    expect(await walletOf(server)).toBe(before);
    // the voucher is held: nobody else can take it meanwhile
    expect(message(await redeem(encrypt(link), other))).toBe('TRUELINK_DUPLICATE');
    const replay = await redeem(sealed, token, 'gift-key-0001');
    expect([replay.statusCode, message(replay)]).toEqual([409, 'TRANSFER_PENDING']);

    // still hanging: the sweep leaves it
    pastInFlight(server);
    expect(await recoverTruelinks(server.ctx)).toEqual({ settled: 0, compensated: 0, left: 1 });
    await setFaults(server, {});
    expect(await recoverTruelinks(server.ctx)).toEqual({ settled: 1, compensated: 0, left: 0 });
    expect(await walletOf(server)).toBe(before + 4_000);
    const after = await redeem(sealed, token, 'gift-key-0001');
    expect([after.statusCode, after.json()]).toEqual([200, { message: 'SUCCESS', amount: 40 }]);
    expect(await walletOf(server)).toBe(before + 4_000);
  });

  it('answers a replayed Idempotency-Key as the first time, without crediting again', async () => {
    const link = await makeLink('12');
    const before = await walletOf(server);
    const sealed = encrypt(link);
    const first = await redeem(sealed, token, 'gift-key-0002');
    const again = await redeem(sealed, token, 'gift-key-0002');
    expect([again.statusCode, again.json()]).toEqual([first.statusCode, first.json()]);
    expect(await walletOf(server)).toBe(before + 1_200);
  });

  it('keeps the ledger whole', async () => {
    expect(await ledgerProblems(server)).toEqual([]);
  });
});

// a server of its own (its ledger checked when it closes, as every test server's), whose provider timeout (10 s,
// the default) is not spent by the test's hold on the twin: under the gift links' 100 ms, a busy machine timed the
// twin out while the first call was still on its way
describe('gift links: twins of one key', () => {
  let server: TestServer;
  let token: string;
  const { encrypt, redeem, makeLink } = giftLinks(() => ({ server, token }));
  beforeAll(async () => {
    server = await build();
    token = await login(server.app);
  });
  afterAll(() => server.close());

  it("answers a twin of one key (a double tap) as the first: never the voucher's TRUELINK_DUPLICATE it meets after the first redeemed it", async () => {
    const sealed = encrypt(await makeLink('60'));
    const before = await walletOf(server);
    // the twin looks its key up first (nothing yet), then waits to ask the voucher service until the first
    // call has claimed the key and redeemed the voucher: by then the voucher reads as redeemed
    const { vouchers } = server.ctx;
    const inspect = vouchers.inspect.bind(vouchers);
    let calls = 0;
    vouchers.inspect = async (voucher) => {
      if (calls++ === 0) await until(async () => (await walletOf(server)) === before + 6_000, 30_000, 'the first call credited');
      return inspect(voucher);
    };
    try {
      const twin = redeem(sealed, token, 'gift-twins-0001');
      await until(() => calls === 1, 30_000, 'the twin asking the voucher service');
      const first = await redeem(sealed, token, 'gift-twins-0001');
      expect(first.json()).toEqual({ message: 'SUCCESS', amount: 60 });
      expect((await twin).json()).toEqual({ message: 'SUCCESS', amount: 60 });
    } finally {
      vouchers.inspect = inspect;
    }
    expect(await walletOf(server)).toBe(before + 6_000);
  });
});
