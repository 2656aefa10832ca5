import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_SERVICES } from '../src/config.js';
import type { AppContext } from '../src/context.js';
import { isNotice, listenMemberEvents, notifyMember } from '../src/modules/events/service.js';
import { endpointAllowed, sendDuePush } from '../src/modules/push/service.js';
import { recoverOpenIntents } from '../src/modules/wallet/transfers.js';
import { runCommand } from '../src/operator/commands.js';
import { newMember } from './bonus-helpers.js';
import { until } from './chat-helpers.js';
import { answerLost, pastInFlight, setFaults } from './game-faults.js';
import { build, call, login, message, type TestServer } from './helper.js';
import { localPushService, type LocalDevice, type LocalPushService } from './local-push.js';

/**
 * Issue 38: a member hears about their money without opening the app. Each notice reaches each of their
 * devices once, through a real push service's protocol (web-push-testing checks the VAPID signature and
 * decrypts what it was sent), in the device's language; the app lists what it has not shown.
 */
const METRICS = 'push-test-metrics-token-0123456789';

describe('web push and "while you were away"', { timeout: 120_000 }, () => {
  let server: TestServer;
  let push: LocalPushService;
  let publicKey: string;

  const operator = (...args: string[]) => runCommand(server.ctx, args, () => undefined);
  const subscribe = async (token: string, device: LocalDevice, lang = 'th') =>
    call(server.app, 'PUT', '/api/push/subscription', { endpoint: device.endpoint, keys: device.keys, lang }, { token });
  const received = async (device: LocalDevice) => (await push.messages(device)).map((m) => JSON.parse(m) as Record<string, unknown>);
  const notices = async (token: string) =>
    (
      (await call(server.app, 'GET', '/api/push/notices', undefined, { token })).json() as {
        notices: { id: number; event: { kind: string } }[];
      }
    ).notices;

  /** The member asks to withdraw `amount` baht: answers the withdrawal's id. */
  const withdraw = async (token: string, amount: number, key: string) => {
    const asked = await call(server.app, 'POST', '/api/wallet/withdrawAll', { amount }, { token, headers: { 'idempotency-key': key } });
    expect(asked.statusCode, asked.body).toBe(200);
    return String((asked.json() as { withdrawalId: number }).withdrawalId);
  };
  const memberIdOf = async (phone: string) =>
    (await server.ctx.database.db.selectFrom('members').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;
  /** The member's notices still due for a try or leased by a pass (push_due_at set), with what each has come to so far. */
  const dueNotices = (memberId: number) =>
    server.ctx.database.db
      .selectFrom('member_notices')
      .select(['id', 'push_attempts', 'push_due_at', sql<number>`cardinality(pushed_to)`.as('reached')])
      .where('member_id', '=', memberId)
      .where('push_due_at', 'is not', null)
      .execute();
  /** Every notice of the member has had its sends (none due, none leased): what reached a device has arrived. */
  const allSent = async (phone: string) => {
    const memberId = await memberIdOf(phone);
    await until(async () => (await dueNotices(memberId)).length === 0, 30_000, 'every notice sent');
  };

  beforeAll(async () => {
    push = await localPushService();
    // any push service: the local one the tests run (PUSH_SERVICE_HOSTS=*)
    // a short provider timeout: the transfer left in transit waits for it
    server = await build({ metricsToken: METRICS, pushServiceHosts: undefined });
    publicKey = server.ctx.push.publicKey;
  });
  afterAll(async () => {
    await server?.close();
    await push?.stop();
  });

  it('sends a credited deposit and a paid withdrawal to the device once each, in its language, and lists them until seen', async () => {
    const { phone, token } = await newMember(server);
    const key = (await call(server.app, 'GET', '/api/push/key', undefined, { token })).json() as { publicKey: string };
    expect(key.publicKey).toBe(publicKey);
    const phoneDevice = await push.subscribe(key.publicKey);
    expect(message(await subscribe(token, phoneDevice, 'th'))).toBe('SUCCESS');

    await operator('deposit', phone, '500');
    await until(async () => (await received(phoneDevice)).length === 1, 30_000, 'the deposit notification');
    expect((await received(phoneDevice))[0]).toMatchObject({
      title: 'เติมเงินเข้าแล้ว',
      body: '500.00 บาท อยู่ในกระเป๋าของคุณแล้ว',
      url: '/user/home',
      tag: expect.stringMatching(/^notice-\d+$/),
    });

    await operator('withdrawal', 'pay', await withdraw(token, 200, 'push-withdraw-1'), '--ref', 'KB-PUSH-1');
    await until(async () => (await received(phoneDevice)).length === 2, 30_000, 'the withdrawal notification');
    expect((await received(phoneDevice))[1]).toMatchObject({ title: 'ถอนเงินสำเร็จ', url: '/user/statement' });

    // the sweep's pass finds nothing left to send: once each
    expect(await sendDuePush(server.ctx)).toEqual({ sent: 0, dropped: 0, later: 0 });
    expect(await received(phoneDevice)).toHaveLength(2);

    // "while you were away": newest first, until the app says they were shown
    const unseen = await notices(token);
    expect(unseen.map((n) => n.event.kind)).toEqual(['withdraw', 'credit']);
    // a number past any id is refused, never handed to Postgres (a 500)
    for (const upTo of [1e21, 2 ** 53]) {
      const huge = await call(server.app, 'POST', '/api/push/notices/seen', { upTo }, { token });
      expect([huge.statusCode, message(huge)]).toEqual([400, 'KEY_INVALID']);
    }
    expect(message(await call(server.app, 'POST', '/api/push/notices/seen', { upTo: unseen[0]!.id }, { token }))).toBe('SUCCESS');
    expect(await notices(token)).toEqual([]);
  });

  it('writes each device in its own language, drops one its push service forgot, and stops on this device when the member turns it off', async () => {
    const { phone, token } = await newMember(server);
    const lao = await push.subscribe(publicKey);
    const english = await push.subscribe(publicKey);
    expect(message(await subscribe(token, lao, 'la'))).toBe('SUCCESS');
    expect(message(await subscribe(token, english, 'en'))).toBe('SUCCESS');

    await operator('deposit', phone, '1234.5');
    await until(async () => (await received(lao)).length === 1 && (await received(english)).length === 1, 30_000, 'both devices');
    expect((await received(lao))[0]).toMatchObject({ title: 'ເງິນຝາກເຂົ້າແລ້ວ', body: '1,234.50 ບາດ ຢູ່ໃນກະເປົາຂອງທ່ານແລ້ວ' });
    expect((await received(english))[0]).toMatchObject({ title: 'Deposit credited', body: '1,234.50 baht is in your wallet.' });

    // the Lao phone unsubscribed in its browser: the push service answers 410 and the server forgets it
    await push.expire(lao);
    // the English one turned notifications off in the profile
    expect(message(await call(server.app, 'POST', '/api/push/unsubscribe', { endpoint: english.endpoint }, { token }))).toBe('SUCCESS');
    await operator('deposit', phone, '10');
    const memberId = await memberIdOf(phone);
    await until(
      async () =>
        (await server.ctx.database.db.selectFrom('push_subscriptions').select('id').where('member_id', '=', memberId).execute()).length ===
        0,
      30_000,
      'the forgotten device dropped',
    );
    await allSent(phone);
    expect(await received(english)).toHaveLength(1);
  });

  it('sends to none of the member’s devices while notifications are off for their account, and to each again once on', async () => {
    const { phone, token } = await newMember(server);
    const preference = async (as: string, on?: boolean) => {
      const res =
        on === undefined
          ? await call(server.app, 'GET', '/api/push/preference', undefined, { token: as })
          : await call(server.app, 'PUT', '/api/push/preference', { on }, { token: as });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { on: boolean };
    };
    expect(await preference(token)).toEqual({ on: true });
    const handset = await push.subscribe(publicKey);
    const tablet = await push.subscribe(publicKey);
    // a third device whose push service does not answer: its notice waits for a later try
    const silent = { ...(await push.subscribe(publicKey)), endpoint: 'http://127.0.0.1:9/notify/off-silent' };
    for (const device of [handset, tablet, silent]) expect(message(await subscribe(token, device as LocalDevice, 'en'))).toBe('SUCCESS');
    await operator('deposit', phone, '50');
    await until(async () => (await received(handset)).length === 1 && (await received(tablet)).length === 1, 30_000, 'both devices');
    const memberId = await memberIdOf(phone);
    // the pass over it has ended (it wrote the devices it reached) and left a later try for the silent one:
    // no pass is under way that could plan it again after the member turns them off
    await until(
      async () => (await dueNotices(memberId)).some((n) => Number(n.reached) === 2),
      30_000,
      'the silent device’s later try planned',
    );

    // turned off on the handset: the try still waiting is not made, and nothing new goes to any device
    expect(await preference(token, false)).toEqual({ on: false });
    expect(await dueNotices(memberId)).toEqual([]);
    await operator('deposit', phone, '60');
    await allSent(phone);
    expect(await sendDuePush(server.ctx)).toEqual({ sent: 0, dropped: 0, later: 0 });
    // a notice already due as the member turned them off (claimed at that moment): the pass sends it to no device
    await server.ctx.database.db.updateTable('member_notices').set({ push_due_at: 0 }).where('member_id', '=', memberId).execute();
    expect(await sendDuePush(server.ctx)).toEqual({ sent: 0, dropped: 0, later: 0 });
    expect(await received(handset)).toHaveLength(1);
    expect(await received(tablet)).toHaveLength(1);
    // the app still shows both as "while you were away"
    expect((await notices(token)).map((n) => n.event.kind)).toEqual(['credit', 'credit']);

    // the tablet, signed in on its own, sees the member's choice; turned on there, both devices are told again
    const onTablet = await login(server.app, phone, 'secret123');
    expect(await preference(onTablet)).toEqual({ on: false });
    expect(message(await subscribe(onTablet, tablet, 'en'))).toBe('SUCCESS');
    expect(await preference(onTablet, true)).toEqual({ on: true });
    await operator('deposit', phone, '70');
    await until(async () => (await received(handset)).length === 2 && (await received(tablet)).length === 2, 30_000, 'both again');
    expect((await received(tablet))[1]).toMatchObject({ body: '70.00 baht is in your wallet.' });

    // what is not a choice, or not the member's, changes nothing
    for (const body of [{ on: 'off' }, {}, { on: false, memberId: 1 }, null]) {
      const res = await call(server.app, 'PUT', '/api/push/preference', body, { token });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call(server.app, 'PUT', '/api/push/preference', { on: false })).statusCode).toBe(401);
    expect(await preference(token)).toEqual({ on: true });
  });

  it('keeps a notice no push service answered for a later try, and moves a device to the member who signed in on it', async () => {
    const first = await newMember(server);
    const second = await newMember(server);
    const device = await push.subscribe(publicKey);
    expect(message(await subscribe(first.token, device))).toBe('SUCCESS');
    // the same phone, another member signed in: the device is theirs now, and the first hears nothing on it
    expect(message(await subscribe(second.token, device, 'en'))).toBe('SUCCESS');
    await operator('deposit', first.phone, '20');
    await operator('deposit', second.phone, '30');
    await until(async () => (await received(device)).length === 1, 30_000, "the second member's deposit");
    expect((await received(device))[0]).toMatchObject({ body: '30.00 baht is in your wallet.' });

    // a push service that does not answer: the notice waits for a later try, counted as the push service's fault
    const silent = { ...device, endpoint: 'http://127.0.0.1:9/notify/silent' };
    expect(message(await subscribe(first.token, silent as LocalDevice))).toBe('SUCCESS');
    await operator('deposit', first.phone, '40');
    const memberId = await memberIdOf(first.phone);
    await until(
      async () => (await dueNotices(memberId)).some((n) => n.push_attempts >= 1 && Number(n.push_due_at) > server.ctx.now() + 1000),
      30_000,
      'a later try planned',
    );
    const metrics = await call(server.app, 'GET', '/metrics', undefined, {
      marker: false,
      headers: { authorization: `Bearer ${METRICS}` },
    });
    expect(metrics.body).toMatch(/wallet_provider_faults_total\{provider="push",code="[a-z0-9_]+"\} [1-9]/);
  });

  it('sends nothing more to a device whose session ended: a password changed elsewhere, a sign-out, a disabled member', async () => {
    const { phone, token } = await newMember(server);
    const stolen = await login(server.app, phone, 'secret123');
    const theirs = await push.subscribe(publicKey);
    expect(message(await subscribe(stolen, theirs, 'en'))).toBe('SUCCESS');
    const changed = await call(
      server.app,
      'PUT',
      '/api/account/changepwd',
      { oldPassword: 'secret123', newPassword: 'newsecret456' },
      { token },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    // the member's own phone, subscribed in the session that stays
    const mine = await push.subscribe(publicKey);
    expect(message(await subscribe(token, mine, 'en'))).toBe('SUCCESS');
    await operator('deposit', phone, '700');
    await until(async () => (await received(mine)).length === 1, 30_000, "the member's own phone");
    await allSent(phone);
    expect(await received(theirs)).toEqual([]);

    // disabled by staff: nothing to any device
    await operator('member', 'disable', phone, '--reason', 'checked by support');
    await operator('member', 'enable', phone, '--reason', 'put right');
    await operator('deposit', phone, '1');
    await allSent(phone);
    expect(await received(mine)).toHaveLength(1);
  });

  it('a transfer the member made on the screen is no notice; one the sweep finished after it was on its way is', async () => {
    const { phone, token } = await newMember(server);
    const device = await push.subscribe(publicKey);
    expect(message(await subscribe(token, device, 'en'))).toBe('SUCCESS');
    await operator('deposit', phone, '100');
    await until(async () => (await received(device)).length === 1, 30_000, 'the deposit notification');
    expect((await call(server.app, 'GET', '/api/wallet/activate/PG', undefined, { token })).statusCode).toBe(200);
    const moved = await call(server.app, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 10 }, { token });
    expect(moved.statusCode, moved.body).toBe(200);
    await allSent(phone);
    expect((await received(device)).map((m) => m.body)).toEqual(['100.00 baht is in your wallet.']);
    expect((await notices(token)).map((n) => n.event.kind)).toEqual(['credit']);
  });

  it('tells a rejected withdrawal, its money back in the wallet, in the device’s language', async () => {
    const { phone, token } = await newMember(server);
    const device = await push.subscribe(publicKey);
    expect(message(await subscribe(token, device, 'la'))).toBe('SUCCESS');
    await operator('deposit', phone, '300');
    await until(async () => (await received(device)).length === 1, 30_000, 'the deposit notification');
    const id = await withdraw(token, 200, 'push-reject-1');
    await operator('withdrawal', 'reject', id, '--reason', 'the account name does not match', '--tell', 'name-mismatch');
    await until(async () => (await received(device)).length === 2, 30_000, 'the rejection notification');
    expect((await received(device))[1]).toMatchObject({ title: 'ການຖອນເງິນຖືກປະຕິເສດ', url: '/user/statement' });
    // "while you were away" says why, as the member reads it
    expect((await notices(token)).map((n) => n.event)).toEqual([
      { kind: 'withdraw', status: 'FAILED', amount: 200, reason: 'WITHDRAW_NAME_MISMATCH' },
      expect.objectContaining({ kind: 'credit' }),
    ]);
  });

  it('tells a transfer the sweep finished after it was left in transit: returned to the wallet, or settled in the game', async () => {
    const { phone, token } = await newMember(server);
    const device = await push.subscribe(publicKey);
    expect(message(await subscribe(token, device, 'en'))).toBe('SUCCESS');
    await operator('deposit', phone, '100');
    await until(async () => (await received(device)).length === 1, 30_000, 'the deposit notification');
    expect((await call(server.app, 'GET', '/api/wallet/activate/PG', undefined, { token })).statusCode).toBe(200);
    const inTransit = async () => {
      const first = await call(server.app, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 7 }, { token });
      expect([first.statusCode, first.json()]).toEqual([409, { message: 'TRANSFER_PENDING' }]);
    };
    // the provider never took it: the sweep puts it back in the wallet
    await setFaults(server, { PG: 'hang' });
    try {
      await inTransit();
    } finally {
      await setFaults(server, {});
    }
    pastInFlight(server);
    expect(await recoverOpenIntents(server.ctx)).toMatchObject({ compensated: 1 });
    await until(async () => (await received(device)).length === 2, 30_000, 'the returned transfer');
    expect((await received(device))[1]).toMatchObject({
      title: 'Transfer returned',
      body: 'Your transfer did not go through: the money is back where it came from.',
    });
    // the provider took it but its answer was lost: the sweep, asking again, settles it
    const provider = answerLost(server);
    try {
      await inTransit();
      provider.back();
      pastInFlight(server);
      expect(await recoverOpenIntents(server.ctx)).toMatchObject({ settled: 1 });
    } finally {
      provider.restore();
    }
    await until(async () => (await received(device)).length === 3, 30_000, 'the settled transfer');
    expect((await received(device))[2]).toMatchObject({
      title: 'Transfer completed',
      body: 'Your transfer that was waiting for the game provider went through.',
    });
  });

  it('tries again only the device that did not answer, never one the notice reached', async () => {
    const { phone, token } = await newMember(server);
    const good = await push.subscribe(publicKey);
    expect(message(await subscribe(token, good, 'en'))).toBe('SUCCESS');
    const silent = { ...good, endpoint: 'http://127.0.0.1:9/notify/silent' } as LocalDevice;
    expect(message(await subscribe(token, silent))).toBe('SUCCESS');
    await operator('deposit', phone, '50');
    await until(async () => (await received(good)).length === 1, 30_000, 'the deposit on the good device');
    const memberId = await memberIdOf(phone);
    // the first pass has ended (it wrote the device it reached) and planned a later try
    await until(
      async () => (await dueNotices(memberId)).some((n) => n.push_attempts === 1 && Number(n.reached) === 1),
      30_000,
      'a later try planned',
    );
    server.clock.now += 31_000;
    await sendDuePush(server.ctx);
    expect(await received(good)).toHaveLength(1);
  });

  it("makes one notice of support's replies while one is unseen: a reply told twice is not two", async () => {
    const { phone, token } = await newMember(server);
    const memberId = await memberIdOf(phone);
    await notifyMember(server.ctx.database, memberId, { kind: 'chat', from: 'agent' });
    await notifyMember(server.ctx.database, memberId, { kind: 'chat', from: 'agent' });
    await notifyMember(server.ctx.database, memberId, { kind: 'chat', from: 'bot' });
    const first = await notices(token);
    expect(first.map((n) => n.event.kind)).toEqual(['chat']);
    expect(message(await call(server.app, 'POST', '/api/push/notices/seen', { upTo: first[0]!.id }, { token }))).toBe('SUCCESS');
    await notifyMember(server.ctx.database, memberId, { kind: 'chat', from: 'agent' });
    expect((await notices(token)).map((n) => n.event.kind)).toEqual(['chat']);
  });

  it('tells the instances to send only when a notice waits for a device: a transfer on the screen, or a member with no device, wakes nothing', async () => {
    const heard: [number, string, boolean][] = [];
    const listening = listenMemberEvents(
      server.ctx.database,
      (memberId, event, pushDue) => heard.push([memberId, event.kind, pushDue]),
      () => undefined,
    );
    await listening.ready;
    try {
      const withDevice = await newMember(server);
      expect(message(await subscribe(withDevice.token, await push.subscribe(publicKey)))).toBe('SUCCESS');
      const without = await newMember(server);
      const [a, b] = [await memberIdOf(withDevice.phone), await memberIdOf(without.phone)];
      await notifyMember(server.ctx.database, a, { kind: 'withdraw', status: 'SUCCESS' });
      await notifyMember(server.ctx.database, b, { kind: 'withdraw', status: 'SUCCESS' });
      await notifyMember(server.ctx.database, a, { kind: 'transfer', status: 'SETTLED' }, undefined, { notice: false });
      await until(() => heard.filter(([m]) => m === a || m === b).length === 3, 30_000, 'the three events');
      expect(heard.filter(([m]) => m === a || m === b)).toEqual([
        [a, 'withdraw', true],
        [b, 'withdraw', false],
        [a, 'transfer', false],
      ]);
    } finally {
      await listening.stop();
    }
  });

  it('refuses what is not a subscription, and in production any address that is not a push service', async () => {
    const { token } = await newMember(server);
    const device = await push.subscribe(publicKey);
    for (const body of [
      { endpoint: device.endpoint, keys: { p256dh: 'short', auth: device.keys.auth }, lang: 'th' },
      { endpoint: device.endpoint, keys: { p256dh: device.keys.p256dh, auth: 'AAAA' }, lang: 'th' },
      { endpoint: 'not a url', keys: device.keys, lang: 'th' },
      { endpoint: 'ftp://example.com/push', keys: device.keys, lang: 'th' },
    ]) {
      const res = await call(server.app, 'PUT', '/api/push/subscription', body, { token });
      expect([res.statusCode, message(res)]).toEqual([400, 'PUSH_SUBSCRIPTION_INVALID']);
    }
    const bad = await call(
      server.app,
      'PUT',
      '/api/push/subscription',
      { endpoint: device.endpoint, keys: device.keys, lang: 'fr' },
      { token },
    );
    expect(bad.statusCode).toBe(400);
    expect(
      (await call(server.app, 'PUT', '/api/push/subscription', { endpoint: device.endpoint, keys: device.keys, lang: 'th' })).statusCode,
    ).toBe(401);

    const production = { config: { pushServiceHosts: PUSH_SERVICES } } as unknown as AppContext;
    expect(endpointAllowed(production, 'https://fcm.googleapis.com/fcm/send/abc:def')).toBe(true);
    expect(endpointAllowed(production, 'https://wns2-bl2p.notify.windows.com/w/?token=x')).toBe(true);
    expect(endpointAllowed(production, 'https://web.push.apple.com/QGx')).toBe(true);
    for (const endpoint of [
      device.endpoint,
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://127.0.0.1/notify',
      'https://fcm.googleapis.com.evil.example/x',
      'https://user:pw@fcm.googleapis.com/x',
      'https://fcm.googleapis.com:8443/x',
      'https://notify.windows.com.example/x',
    ])
      expect(endpointAllowed(production, endpoint), endpoint).toBe(false);
  });

  it('tells of what the member did not wait for on the screen, not of what answered their own tap', () => {
    expect(isNotice({ kind: 'credit', source: 'SLIP', amount: 1 })).toBe(true);
    expect(isNotice({ kind: 'credit', source: 'TRUELINK', amount: 1 })).toBe(false);
    expect(isNotice({ kind: 'slip', reference: 'r', status: 'REVIEW', note: null, amount: 1 })).toBe(false);
    expect(isNotice({ kind: 'slip', reference: 'r', status: 'FAILED', note: 'SLIP_EXPIRED', amount: 0 })).toBe(true);
    expect(isNotice({ kind: 'qr', qrcodeId: 'q', provider: 'KBANK', status: 'EXPIRED', amount: 1 })).toBe(false);
    expect(isNotice({ kind: 'chat', from: 'bot' })).toBe(false);
    expect(isNotice({ kind: 'chat', from: 'agent' })).toBe(true);
    expect(isNotice({ kind: 'adjustment', amount: 5 })).toBe(false);
  });
});
