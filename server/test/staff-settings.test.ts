import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettingList } from '../../contract/staff-settings.js';
import type { AuditPage } from '../../contract/staff.js';
import { settingKeys } from '../src/settings/registry.js';
import { readAllSettings } from '../src/settings/store.js';
import { build, message, type TestServer } from './helper.js';
import { operator, signedIn, staffCall, type StaffBrowser } from './staff-helpers.js';

describe('settings in the staff console', () => {
  let server: TestServer;
  let admin: StaffBrowser;
  const auditCount = async () =>
    Number(
      (
        await server.ctx.database.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('action', '=', 'settings.set')
          .executeTakeFirstOrThrow()
      ).n,
    );
  beforeAll(async () => {
    server = await build();
    admin = (await signedIn(server, 'the-admin', 'admin')).browser;
  });
  afterAll(() => server.close());

  it('lists every setting with its value, its JSON Schema and what it is for', async () => {
    const res = await staffCall(server, admin, 'GET', '/settings');
    expect(res.statusCode).toBe(200);
    const { settings } = res.json() as SettingList;
    const stored = await readAllSettings(server.ctx.database.db);
    expect(settings.map((s) => s.key)).toEqual(settingKeys);
    expect(settings.filter((s) => s.value === undefined || s.value === null || !s.description)).toEqual([]);
    expect(settings.find((s) => s.key === 'registerOTP')).toMatchObject({ value: stored.registerOTP, schema: { type: 'boolean' } });
    const retention = settings.find((s) => s.key === 'retention')!;
    expect(retention.schema).toMatchObject({ type: 'object', properties: { guestChatQuietMinutes: { type: 'integer', minimum: 5 } } });
    expect(settings.find((s) => s.key === 'notice')!.schema).toMatchObject({ anyOf: [{ type: 'string' }, { type: 'object' }] });
  });

  it('sets a valid value with its audit row (reason, address), and the running server uses it at once', async () => {
    const before = server.ctx.settings.get('registerOTP');
    const res = await staffCall(server, { ...admin, address: '203.0.113.9' }, 'PUT', '/settings/registerOTP', {
      value: !before,
      reason: 'OTP provider down',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ key: 'registerOTP', value: !before });
    expect(server.ctx.settings.get('registerOTP')).toBe(!before);
    expect((await readAllSettings(server.ctx.database.db)).registerOTP).toBe(!before);
    const row = await server.ctx.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'settings.set')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      actor_kind: 'staff',
      actor_username: 'the-admin',
      target: 'setting:registerOTP',
      reason: 'OTP provider down',
      ip: '203.0.113.9',
    });
    expect([JSON.parse(row.before_json!), JSON.parse(row.after_json!)]).toEqual([before, !before]);
  });

  it("refuses a value the registry refuses with the CLI's message, changes nothing and records nothing", async () => {
    const stored = await readAllSettings(server.ctx.database.db);
    const rows = await auditCount();
    const invalid = [
      ['retention', { guestChatQuietMinutes: 1 }],
      ['registerOTP', 'yes'],
      ['notice', { th: 'ok', xx: 'no such language' }],
    ] as const;
    for (const [key, value] of invalid) {
      const res = await staffCall(server, admin, 'PUT', `/settings/${key}`, { value, reason: 'trying' });
      expect([key, res.statusCode, message(res)]).toEqual([key, 400, 'SETTING_INVALID']);
      const cli = await operator(server, 'settings', 'set', key, JSON.stringify(value)).catch((err: Error) => err.message);
      expect((res.json() as { detail: string }).detail).toBe(cli);
    }
    const noReason = await staffCall(server, admin, 'PUT', '/settings/registerOTP', { value: true, reason: ' ' });
    expect([noReason.statusCode, message(noReason)]).toEqual([400, 'REASON_REQUIRED']);
    const unknown = await staffCall(server, admin, 'PUT', '/settings/noSuchSetting', { value: true, reason: 'trying' });
    expect([unknown.statusCode, message(unknown)]).toEqual([404, 'NO_DATA']);
    expect((await staffCall(server, admin, 'GET', '/settings/noSuchSetting/history')).statusCode).toBe(404);
    expect(await readAllSettings(server.ctx.database.db)).toEqual(stored);
    expect(await auditCount()).toBe(rows);
  });

  it('refuses agents and finance clerks (403), and a change without the CSRF token', async () => {
    for (const role of ['agent', 'finance'] as const) {
      const { browser } = await signedIn(server, `a-${role}`, role);
      for (const [method, url, body] of [
        ['GET', '/settings', undefined],
        ['PUT', '/settings/registerOTP', { value: true, reason: 'not mine' }],
        ['GET', '/settings/registerOTP/history', undefined],
      ] as const) {
        const res = await staffCall(server, browser, method, url, body);
        expect([role, url, res.statusCode, message(res)]).toEqual([role, url, 403, 'STAFF_FORBIDDEN']);
      }
    }
    const rows = await auditCount();
    const res = await staffCall(server, { ...admin, csrf: undefined }, 'PUT', '/settings/registerOTP', {
      value: false,
      reason: 'no token',
    });
    expect([res.statusCode, message(res)]).toEqual([403, 'CSRF_INVALID']);
    expect(await auditCount()).toBe(rows);
  });

  it('gives the history of one setting, newest first: changes by the CLI and by staff', async () => {
    await operator(server, 'settings', 'set', 'providerCache', '{"seconds":5}');
    await staffCall(server, admin, 'PUT', '/settings/providerCache', { value: { seconds: 9 }, reason: 'fewer provider calls' });
    await operator(server, 'settings', 'set', 'registerOTP', 'true');
    const res = await staffCall(server, admin, 'GET', '/settings/providerCache/history');
    expect(res.statusCode).toBe(200);
    const { rows } = res.json() as AuditPage;
    expect(rows.map((r) => [r.actor, r.action, r.target, r.after, r.reason])).toEqual([
      [{ kind: 'staff', username: 'the-admin' }, 'settings.set', 'setting:providerCache', { seconds: 9 }, 'fewer provider calls'],
      [{ kind: 'cli', username: 'system' }, 'settings.set', 'setting:providerCache', { seconds: 5 }, null],
    ]);
    expect(rows[0]!.before).toEqual({ seconds: 5 });
  });
});
