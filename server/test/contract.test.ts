import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, call, login, message, type TestServer } from './helper.js';

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  secured: boolean;
  /** Takes a file (multipart/form-data), not JSON: any other body is "no file". */
  multipart: boolean;
  /** Has a schema for its success answer (or answers 204, no body): what the site's types come from. */
  described: boolean;
}

interface DocOperation {
  security?: unknown[];
  requestBody?: { content?: Record<string, unknown> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

/** Every call in the OpenAPI document, so a new route cannot skip these checks. */
async function operations(server: TestServer): Promise<Operation[]> {
  const doc = (await server.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, DocOperation>>;
  };
  return (
    Object.entries(doc.paths)
      // the payment gateways' callbacks are not member calls: no marker, no token, their own proof (the
      // sandbox's HMAC over the raw body; Opn's charge asked back from Opn) and answered even while the
      // site is terminated; qrcode.test.ts and opn.test.ts cover them
      .filter(([url]) => url.startsWith('/api/') && !url.startsWith('/api/callbacks/'))
      .flatMap(([url, methods]) =>
        Object.entries(methods).map(([method, op]) => ({
          method: method.toUpperCase() as Operation['method'],
          url,
          secured: !!op.security?.length,
          multipart: !!op.requestBody?.content?.['multipart/form-data'],
          described: Object.entries(op.responses ?? {}).some(([code, r]) => code === '204' || (code.startsWith('2') && !!r.content)),
        })),
      )
  );
}

describe('every call of the contract', () => {
  let server: TestServer;
  let ops: Operation[];
  beforeAll(async () => {
    server = await build();
    ops = await operations(server);
  });
  afterAll(() => server.close());

  it('describes the slip upload as a multipart call', () => {
    expect(ops.find((o) => o.url === '/api/wallet/slip')).toMatchObject({ method: 'POST', secured: true, multipart: true });
  });

  it('has a response schema for the success of every call (Fastify writes the answer through it; the site takes its types from it)', () => {
    expect(ops.filter((o) => !o.described).map((o) => `${o.method} ${o.url}`)).toEqual([]);
    // and the check sees them: the wallet view, which had none until the contract folder
    expect(ops.find((o) => o.url === '/api/wallet/')).toMatchObject({ method: 'GET', described: true });
  });

  it('lists the calls of this issue', () => {
    expect(ops.map((o) => `${o.method} ${o.url}`).sort()).toEqual(
      expect.arrayContaining([
        'POST /api/login',
        'POST /api/logout',
        'POST /api/otp/send',
        'POST /api/otp/verify',
        'POST /api/account/validate',
        'POST /api/account/',
        'GET /api/account/profile',
        'PUT /api/account/profile',
        'PUT /api/account/bankAccountName',
        'PUT /api/account/changepwd',
        'GET /api/lookup/banks',
        'GET /api/lookup/active',
        // issue 10: invite and refund (§7)
        'POST /api/invite/',
        'GET /api/invite/bonus',
        'GET /api/invite/banners',
        'POST /api/refund/',
        'GET /api/refund/check',
        'GET /api/refund/receive',
        'GET /api/refund/addWallet',
        'GET /api/refund/banners',
        // issue 11: support chat (§7)
        'GET /api/chat/config',
        'POST /api/chat/send-message',
        'POST /api/chat/history',
        'PUT /api/chat/read-customer/',
        'POST /api/chat/upload-image',
        'POST /api/chat/upload-video',
      ]),
    );
  });

  it('refuses each call without the marker header', async () => {
    for (const op of ops) {
      const res = await call(server.app, op.method, op.url, op.method === 'GET' ? undefined : {}, { marker: false });
      expect([res.statusCode, message(res)], `${op.method} ${op.url}`).toEqual([400, 'KEY_MISSING']);
    }
  });

  it('refuses each protected call without a valid token, and accepts none of them with a wrong one', async () => {
    const protectedOps = ops.filter((o) => o.secured);
    expect(protectedOps.length).toBeGreaterThanOrEqual(5);
    for (const op of protectedOps) {
      for (const token of [undefined, 'wrong-token']) {
        const res = await call(server.app, op.method, op.url, op.method === 'GET' ? undefined : {}, { token });
        expect([res.statusCode, message(res)], `${op.method} ${op.url}`).toEqual([401, 'invalid-token']);
      }
    }
  });

  it('answers each call with 410 gone while the site is terminated, and changes nothing', async () => {
    const token = await login(server.app);
    const before = await server.ctx.database.db.selectFrom('members').selectAll().execute();
    await server.ctx.database.db.updateTable('settings').set({ value: 'false' }).where('key', '=', 'siteActive').execute();
    await server.ctx.settings.refresh();
    try {
      for (const op of ops) {
        const res = await call(
          server.app,
          op.method,
          op.url,
          op.method === 'GET' ? undefined : { username: '0812345678', password: 'demo1234' },
          { token },
        );
        // how to reach support is the one answer a closed site still gives (/terminated shows it)
        const closed = op.url === '/api/lookup/contact' ? [200, undefined] : [410, 'gone'];
        expect([res.statusCode, message(res)], `${op.method} ${op.url}`).toEqual(closed);
      }
    } finally {
      await server.ctx.database.db.updateTable('settings').set({ value: 'true' }).where('key', '=', 'siteActive').execute();
      await server.ctx.settings.refresh();
    }
    expect(await server.ctx.database.db.selectFrom('members').selectAll().execute()).toEqual(before);
  });

  it('answers every body-taking call with 400 for an empty body and for wrong types, never 5xx', async () => {
    const token = await login(server.app);
    // GET and DELETE take no body
    for (const op of ops.filter((o) => o.method !== 'GET' && o.method !== 'DELETE')) {
      // take no body: logout, and a spin (it costs a coin, nothing to choose)
      if (op.url === '/api/logout' || op.url === '/api/spinwheel/spin') continue;
      const empty = await call(server.app, op.method, op.url, {}, { token });
      const typed = await call(server.app, op.method, op.url, [1, 2], { token });
      if (op.multipart) {
        // a file upload answers any JSON body with its own code: there is no file in it
        const noFile = op.url.startsWith('/api/chat/') ? 'CHAT_NO_FILE' : 'SLIP_NO_FILE';
        expect([empty.statusCode, message(empty)], `${op.method} ${op.url} {}`).toEqual([400, noFile]);
        expect([typed.statusCode, message(typed)], `${op.method} ${op.url} []`).toEqual([400, noFile]);
        continue;
      }
      expect([empty.statusCode, message(empty)], `${op.method} ${op.url} {}`).toEqual([400, 'KEY_MISSING']);
      expect([typed.statusCode, message(typed)], `${op.method} ${op.url} []`).toEqual([400, 'KEY_INVALID']);
    }
  });
});
