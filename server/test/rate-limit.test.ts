import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { hashPassword } from '../src/lib/password.js';
import { build, call, DEMO_MEMBER, message, registration, type TestServer } from './helper.js';

const outcome = (res: LightMyRequestResponse) => `${res.statusCode} ${message(res) ?? 'token'}`;
let phoneSeq = 0;
const nextPhone = () => `0870${String(++phoneSeq).padStart(6, '0')}`;

const sendOtp = (server: TestServer, phoneNumber: string, address?: string, forwardedFor?: string) =>
  call(server.app, 'POST', '/api/otp/send', { phoneNumber }, { address, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });
const signIn = (server: TestServer, username: string, password: string, address: string) =>
  call(server.app, 'POST', '/api/login', { username, password }, { address });

/** Members straight into the database (one password hash for all): sign-in is what is tested here. */
async function addMembers(server: TestServer, count: number): Promise<string[]> {
  const passwordHash = await hashPassword('secret123');
  const phones = Array.from({ length: count }, nextPhone);
  await server.ctx.database.db
    .insertInto('members')
    .values(
      phones.map((phone) => ({
        phone,
        name: 'Nat Member',
        password_hash: passwordHash,
        status: 'active' as const,
        currency: 'BAHT' as const,
        bank_code: 'KBANK',
        bank_account_name: 'NAT MEMBER',
        bank_account_no: `9${phone.slice(1)}`,
        source_code: null,
        inviter_id: null,
        created_at: server.clock.now,
      })),
    )
    .execute();
  return phones;
}

describe('rate limits', () => {
  it('keys on the address the proxy saw (TRUST_PROXY=1), not on the leftmost one the client wrote', async () => {
    const server = await build({ trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy });
    try {
      // one client behind the proxy forges a new leftmost X-Forwarded-For for every text it orders
      const codes: number[] = [];
      for (let i = 0; i < 11; i++) codes.push((await sendOtp(server, nextPhone(), '127.0.0.1', `6.6.6.${i}, 1.2.3.4`)).statusCode);
      expect(codes).toEqual([...Array(10).fill(200), 429]);
      // another client behind the same proxy is not held up by it
      expect((await sendOtp(server, nextPhone(), '127.0.0.1', '6.6.6.6, 1.2.3.5')).statusCode).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('counts every address of one IPv6 /64 as one address (a phone may use any of them)', async () => {
    const server = await build({ trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 11; i++)
        codes.push((await sendOtp(server, nextPhone(), '127.0.0.1', `2001:db8:7:7::${(i + 1).toString(16)}`)).statusCode);
      expect(codes).toEqual([...Array(10).fill(200), 429]);
      // the next /64 is someone else
      expect((await sendOtp(server, nextPhone(), '127.0.0.1', '2001:db8:7:8::1')).statusCode).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('takes X-Forwarded-For only from the proxies TRUST_PROXY names', async () => {
    const server = await build({ trustProxy: loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy });
    try {
      const throughProxy: number[] = [];
      for (let i = 0; i < 11; i++) throughProxy.push((await sendOtp(server, nextPhone(), '10.1.2.3', `6.6.6.${i}, 1.2.3.6`)).statusCode);
      expect(throughProxy).toEqual([...Array(10).fill(200), 429]);
      // a client that reaches the server directly writes what it likes: its own address counts
      const direct: number[] = [];
      for (let i = 0; i < 11; i++) direct.push((await sendOtp(server, nextPhone(), '1.2.3.7', `6.6.7.${i}`)).statusCode);
      expect(direct).toEqual([...Array(10).fill(200), 429]);
    } finally {
      await server.close();
    }
  });

  it('counts every limit once for two instances on one database', async () => {
    const a = await build();
    const b = await build({}, { shareWith: a });
    try {
      const [first, second] = [a, b];
      // texts to one phone, ordered through both instances in turn: 3 a minute in all
      const phone = nextPhone();
      const sends: number[] = [];
      for (let i = 0; i < 5; i++) sends.push((await sendOtp(i % 2 ? second : first, phone, '10.7.0.1')).statusCode);
      expect(sends).toEqual([200, 200, 200, 429, 429]);
      // texts from one address: 10 a minute in all
      const fromAddress: number[] = [];
      for (let i = 0; i < 11; i++) fromAddress.push((await sendOtp(i % 2 ? second : first, nextPhone(), '10.7.0.2')).statusCode);
      expect(fromAddress).toEqual([...Array(10).fill(200), 429]);
      // wrong passwords for one phone from one address: 5 a minute in all
      const guesses: string[] = [];
      for (let i = 0; i < 7; i++) guesses.push(outcome(await signIn(i % 2 ? second : first, DEMO_MEMBER.phone, `guess-${i}`, '10.7.0.3')));
      expect(guesses).toEqual([...Array(5).fill('401 WRONG_CREDENTIAL'), '429 REQUEST_LIMIT_1MIN', '429 REQUEST_LIMIT_1MIN']);
      // and sent all at once to both: still 5
      const parallel = await Promise.all(
        Array.from({ length: 20 }, (_, i) => signIn(i % 2 ? second : first, DEMO_MEMBER.phone, `parallel-${i}`, '10.7.0.4')),
      );
      expect(parallel.map(outcome).filter((o) => o === '401 WRONG_CREDENTIAL')).toHaveLength(5);
    } finally {
      await b.close();
      await a.close();
    }
  });

  it('deletes ended windows, so the table holds only running ones', async () => {
    const server = await build();
    try {
      for (let i = 0; i < 5; i++) expect((await sendOtp(server, nextPhone(), `10.9.0.${i}`)).statusCode).toBe(200);
      const rows = () => server.ctx.database.db.selectFrom('rate_limits').select(['key', 'reset_at']).execute();
      expect(await rows()).toHaveLength(10);
      server.clock.now += 61_000;
      expect((await sendOtp(server, nextPhone(), '10.9.1.0')).statusCode).toBe(200);
      const left = await rows();
      expect(left).toHaveLength(2);
      expect(left.every((row) => row.reset_at > server.clock.now)).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('lets 50 members behind one address sign in within a minute, and holds the address after 30 wrong passwords', async () => {
    const server = await build();
    try {
      const phones = await addMembers(server, 50);
      const carrier = '100.64.0.1';
      const signedIn: string[] = [];
      for (const phone of phones) signedIn.push(outcome(await signIn(server, phone, 'secret123', carrier)));
      expect(signedIn).toEqual(Array(50).fill('200 token'));
      // wrong passwords from that address, each for another phone: 30 a minute, whoever types them
      const wrong: string[] = [];
      for (const phone of phones.slice(0, 31)) wrong.push(outcome(await signIn(server, phone, 'not-the-password', carrier)));
      expect(wrong).toEqual([...Array(30).fill('401 WRONG_CREDENTIAL'), '429 REQUEST_LIMIT_1MIN']);
      // the address waits out the minute, right password included; other addresses do not
      expect(outcome(await signIn(server, phones[40]!, 'secret123', carrier))).toBe('429 REQUEST_LIMIT_1MIN');
      expect(outcome(await signIn(server, phones[40]!, 'secret123', '100.64.0.2'))).toBe('200 token');
      server.clock.now += 61_000;
      expect(outcome(await signIn(server, phones[40]!, 'secret123', carrier))).toBe('200 token');
    } finally {
      await server.close();
    }
  });

  it('lets members behind one address verify codes and check registrations; only failures count there', async () => {
    const server = await build();
    try {
      const carrier = '100.64.0.3';
      const verify = (otpToken: string, otpCode: string) =>
        call(server.app, 'POST', '/api/otp/verify', { otpToken, otpCode }, { address: carrier });
      const validate = (body: unknown) => call(server.app, 'POST', '/api/account/validate', body, { address: carrier });
      const phones = Array.from({ length: 31 }, nextPhone);
      const verified: string[] = [];
      const tokens: string[] = [];
      for (const [i, phone] of phones.entries()) {
        // the texts are ordered from several addresses (10 a minute each): each costs money, every one counts
        const { otpToken } = (await sendOtp(server, phone, `10.8.0.${Math.floor(i / 10)}`)).json<{ otpToken: string }>();
        tokens.push(otpToken);
        verified.push(outcome(await verify(otpToken, server.sms.lastCodeFor(phone)!)));
      }
      expect(verified).toEqual(Array(31).fill('200 OTP_CODE_VALID'));
      const checked: string[] = [];
      for (const [i, phone] of phones.entries()) checked.push(outcome(await validate(registration(phone, { otpToken: tokens[i] }))));
      expect(checked).toEqual(Array(31).fill('200 OK'));

      // tokens nobody was sent: 30 a minute from the address, then it waits
      const guesses: string[] = [];
      for (let i = 0; i < 31; i++) guesses.push(outcome(await verify(`made-up-token-${i}`, '123456')));
      expect(guesses).toEqual([...Array(30).fill('400 OTP_TOKEN_INVALID'), '429 REQUEST_LIMIT_1MIN']);
      // checks refused (phones nobody verified): 20 a minute from the address, then even a good one waits
      const refused: number[] = [];
      for (let i = 0; i < 20; i++) refused.push((await validate(registration(nextPhone()))).statusCode);
      expect(refused).toEqual(Array(20).fill(400));
      expect(outcome(await validate(registration(phones[0]!, { otpToken: tokens[0] })))).toBe('429 REQUEST_LIMIT_1MIN');
    } finally {
      await server.close();
    }
  });
});
