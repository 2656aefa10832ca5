import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSettingValue, writeSetting } from '../src/settings/store.js';
import { build, call, login, message, type TestServer } from './helper.js';

describe('lookups and site state', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await build();
  });
  afterAll(() => server.close());

  it('serves every §7 lookup with the seeded demo data', async () => {
    const get = async (name: string) => {
      const res = await call(server.app, 'GET', `/api/lookup/${name}`);
      expect(res.statusCode, name).toBe(200);
      return res.json();
    };
    const banks = await get('banks');
    expect(banks.banks).toContainEqual({
      code: 'KBANK',
      country: 'TH',
      nameTH: 'ธนาคารกสิกรไทย',
      nameEN: 'Kasikornbank',
      name: 'ธนาคารกสิกรไทย',
    });
    expect(banks.banks.map((b: { code: string }) => b.code)).toEqual(expect.arrayContaining(['KTB', 'TMB', 'BBL', 'SCB', 'GSB', 'BCEL']));
    expect((await get('sources')).sources.length).toBeGreaterThan(3);
    expect(await get('info')).toEqual({ name: 'Wallet Thai', website: 'walletthai.example' });
    const contact = await get('contact');
    expect(contact.lineQR).toMatch(/^data:image\/png;base64,/);
    expect(contact.contactText).toContain('<p>');
    expect((await get('conditions')).conditions.length).toBeGreaterThan(0);
    expect((await get('agreements')).agreements.length).toBeGreaterThan(0);
    expect((await get('notice')).notice).toBeTruthy();
    expect(await get('withdraw')).toEqual({ withdrawMin: 100, withdrawMax: 50000, quickAmounts: [100, 500, 1000, 5000] });
    const deposit = await get('deposit');
    expect(deposit.isManual).toBe(false);
    expect(deposit.banks[0]).toMatchObject({ bankCode: 'KBANK', mode: 'AUTO' });
    expect(await get('slip')).toEqual({ minDeposit: 1, closeTime: '23:00', manualMaximum: 50_000 });
    expect(await get('active')).toEqual({ active: true });
    expect(await get('registerOTP')).toEqual({ registerOTP: true });
    // the seed turns the support chat on (the widget and its backend)
    expect(await get('enableChatWidget')).toEqual({ enableChatWidget: true });
  });

  it("gives operator texts and names in the member's language, Thai where the operator gave none", async () => {
    const get = async (path: string) => (await call(server.app, 'GET', path)).json();
    expect((await get('/api/lookup/contact?lang=la')).contactText).toContain('ຝ່າຍບໍລິການລູກຄ້າ');
    expect((await get('/api/lookup/contact?lang=en')).contactText).toContain('Customer service');
    expect((await get('/api/lookup/contact')).contactText).toContain('ฝ่ายบริการลูกค้า');
    expect((await get('/api/lookup/conditions?lang=en')).conditions[0]).toContain('One bank account');
    expect((await get('/api/lookup/agreements?lang=la')).agreements[0]).toContain('ຂ້າພະເຈົ້າ');
    expect((await get('/api/lookup/notice?lang=en')).notice).toContain('24 hours');
    expect((await get('/api/lookup/banks?lang=la')).banks).toContainEqual(expect.objectContaining({ code: 'SCB', name: 'ທະນາຄານໄທພານິດ' }));
    expect((await get('/api/lookup/banks?lang=en')).banks).toContainEqual(
      expect.objectContaining({ code: 'SCB', name: 'Siam Commercial Bank' }),
    );
    expect((await get('/api/lookup/sources?lang=en')).sources).toContainEqual({ code: 'FRIEND', description: 'A friend told me' });

    // a text the operator gave in Thai only is shown in Thai to everyone
    const notice = server.ctx.settings.get('notice');
    await writeSetting(server.ctx.database.db, 'notice', { th: 'ประกาศ' });
    await server.ctx.settings.refresh();
    try {
      expect((await get('/api/lookup/notice?lang=la')).notice).toBe('ประกาศ');
    } finally {
      await writeSetting(server.ctx.database.db, 'notice', notice);
      await server.ctx.settings.refresh();
    }
    const wrong = await call(server.app, 'GET', '/api/lookup/contact?lang=fr');
    expect([wrong.statusCode, message(wrong)]).toEqual([400, 'KEY_INVALID']);
  });

  it('lists the five how-to videos with their titles in the asked language, Thai by default', async () => {
    const get = async (path: string) => {
      const res = await call(server.app, 'GET', path);
      expect(res.statusCode, path).toBe(200);
      return res.json() as { videos: { id: string; title: string; video: string; poster: string }[] };
    };
    const en = await get('/api/lookup/howto?lang=en');
    expect(en.videos.map((v) => v.id)).toEqual(['wallet', 'playing', 'balance', 'bonus', 'end-bonus']);
    expect(en.videos[0]).toEqual({
      id: 'wallet',
      title: 'Getting started with your wallet',
      video: '/howto/wallet.mp4',
      poster: '/howto/wallet.webp',
    });
    expect(en.videos[4]?.title).toBe('How to end a bonus');
    expect((await get('/api/lookup/howto?lang=la')).videos[3]?.title).toBe('ວິທີຮັບໂບນັດ');
    expect((await get('/api/lookup/howto')).videos[2]?.title).toBe('วิธีเช็คยอดเงิน');

    // the operator's change is what members see; a title given in Thai only is shown in Thai to everyone
    const howto = server.ctx.settings.get('howto');
    await writeSetting(server.ctx.database.db, 'howto', {
      videos: [{ id: 'deposit', title: { th: 'วิธีฝากเงิน' }, video: '/media/deposit.mp4', poster: '/media/deposit.jpg' }],
    });
    await server.ctx.settings.refresh();
    try {
      expect((await get('/api/lookup/howto?lang=en')).videos).toEqual([
        { id: 'deposit', title: 'วิธีฝากเงิน', video: '/media/deposit.mp4', poster: '/media/deposit.jpg' },
      ]);
    } finally {
      await writeSetting(server.ctx.database.db, 'howto', howto);
      await server.ctx.settings.refresh();
    }
    const wrong = await call(server.app, 'GET', '/api/lookup/howto?lang=fr');
    expect([wrong.statusCode, message(wrong)]).toEqual([400, 'KEY_INVALID']);
  });

  it('takes how-to videos only from paths on this site, with every field', () => {
    const entry = { id: 'wallet', title: { th: 'ก', en: 'A' }, video: '/howto/wallet.mp4', poster: '/howto/wallet.webp' };
    expect(parseSettingValue('howto', JSON.stringify({ videos: [entry] }))).toEqual({ videos: [entry] });
    for (const bad of [
      { ...entry, video: 'https://elsewhere.example/a.mp4' },
      { ...entry, video: '//elsewhere.example/a.mp4' },
      { ...entry, poster: 'javascript:alert(1)' },
      { ...entry, id: 'Has Spaces' },
      { id: 'wallet', title: 'ก', video: '/howto/wallet.mp4' },
    ]) {
      expect(() => parseSettingValue('howto', JSON.stringify({ videos: [bad] })), JSON.stringify(bad)).toThrow(/invalid value for howto/);
    }
  });

  it('keeps API answers out of the HTTP cache, errors included', async () => {
    expect((await call(server.app, 'GET', '/api/lookup/banks')).headers['cache-control']).toBe('no-store');
    expect((await call(server.app, 'GET', '/api/account/profile')).headers['cache-control']).toBe('no-store');
  });

  it('refuses /api calls without the marker header', async () => {
    const res = await call(server.app, 'GET', '/api/lookup/info', undefined, { marker: false });
    expect(res.statusCode).toBe(400);
    expect(message(res)).toBe('KEY_MISSING');
    const wrong = await call(server.app, 'GET', '/api/lookup/info', undefined, { marker: false, headers: { 'x-wallet-client': 'admin' } });
    expect(wrong.statusCode).toBe(400);
  });

  it('answers an unknown /api path with 404 NO_DATA, not the site', async () => {
    const res = await call(server.app, 'GET', '/api/lookup/nope');
    expect(res.statusCode).toBe(404);
    expect(message(res)).toBe('NO_DATA');
  });

  it('publishes the OpenAPI document of the contract', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/account/', '/api/otp/send', '/api/lookup/banks']));
    expect(doc.paths['/api/login'].post.requestBody.content['application/json'].schema.required).toEqual(['username', 'password']);
  });

  it('answers lookups and protected calls with 410 gone while the site is terminated', async () => {
    const token = await login(server.app);
    await server.ctx.database.db.updateTable('settings').set({ value: 'false' }).where('key', '=', 'siteActive').execute();
    await server.ctx.settings.refresh();
    try {
      for (const [method, url, token_] of [
        ['GET', '/api/lookup/active', undefined],
        ['GET', '/api/lookup/banks', undefined],
        ['GET', '/api/account/profile', token],
        ['POST', '/api/login', undefined],
      ] as const) {
        const res = await call(server.app, method, url, method === 'POST' ? {} : undefined, { token: token_ });
        expect(res.statusCode, url).toBe(410);
        expect(message(res), url).toBe('gone');
      }
    } finally {
      await server.ctx.database.db.updateTable('settings').set({ value: 'true' }).where('key', '=', 'siteActive').execute();
      await server.ctx.settings.refresh();
    }
    expect((await call(server.app, 'GET', '/api/account/profile', undefined, { token })).statusCode).toBe(200);
  });
});
