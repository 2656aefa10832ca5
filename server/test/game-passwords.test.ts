import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, call, login, type TestServer } from './helper.js';

describe('generated game passwords', () => {
  let server: TestServer;
  let token: string;
  const get = (url: string) => call(server.app, 'GET', url, undefined, { token });

  beforeAll(async () => {
    server = await build();
    token = await login(server.app);
  });
  afterAll(() => server.close());

  it('have no character a member can misread while typing them into a game (l, I, 1, 0, O, o)', async () => {
    const passwords = [(await get('/api/wallet/activate/PG')).json().password as string];
    for (let i = 0; i < 30; i++) passwords.push((await get('/api/wallet/resetpassword/PG')).json().password as string);
    expect(new Set(passwords).size).toBe(passwords.length);
    for (const password of passwords) expect(password).toMatch(/^[a-km-np-zA-HJ-NP-Z2-9]{10}$/);
  });
});
